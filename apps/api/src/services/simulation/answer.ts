import type { MatchupResult, PlayerGameState, PlayerOutcome, ScoreSummary, Seed } from '@fm/engine';
import type { LineupEntry } from './input.js';
import type { MatchupRequest, SimulationKind, TeamRequest } from './request.js';

/** The answer of /matchup/simulate (and the core of /matchup/analyze), in the API's snake_case. */

export interface HistogramAnswer {
  /** bins + 1 ascending edges; bin i covers [bin_edges[i], bin_edges[i+1]). */
  bin_edges: number[];
  counts: number[];
}

export interface ScoreSummaryAnswer {
  mean: number;
  median: number;
  std: number;
  p10: number;
  p25: number;
  p75: number;
  p90: number;
  min: number;
  max: number;
  histogram: HistogramAnswer;
}

export type PlayerStatusAnswer = 'projected' | 'baseline' | 'final' | 'out';

export interface PlayerAnswer {
  /** The id as the request named him. */
  player_id: string;
  id: number;
  sleeper_id: string | null;
  name: string;
  position: string;
  team: string;
  opponent: string | null;
  depth_rank: number | null;
  /** projected: from `source`; baseline: no projection this week, positional baseline used (e.g. many team defenses). */
  status: PlayerStatusAnswer;
  is_baseline: boolean;
  source: string | null;
  /** The stored projection used (null when none). */
  projection: {
    pred_mean: number;
    pred_std: number;
    p10: number | null;
    p50: number | null;
    p90: number | null;
  } | null;
  /** The distribution the engine drew from. */
  distribution: { mean: number; std: number; p10: number; p50: number; p90: number };
  simulated_mean: number;
  boom_probability: number | null;
  bust_probability: number | null;
  /** Share of the margin's variance this player carries (shares of all players sum to 1). */
  swing_share: number;
  actual_points: number | null;
  /** Where his game stood for this simulation: pre, in, final, bye or out. */
  game_state: PlayerGameState;
  /** Points scored so far this week in the simulation's scoring (null: a finished game with none recorded). */
  points: number | null;
  /** Share of his game still to play, 0–1. */
  fraction_remaining: number;
}

export interface TeamAnswer extends ScoreSummaryAnswer {
  name: string | null;
  roster_id: string | null;
  players: PlayerAnswer[];
}

export interface SimulationAnswer {
  simulation_id: string;
  kind: SimulationKind;
  predicted_score_difference: number;
  win_probability: number;
  tie_probability: number;
  win_probability_standard_error: number;
  iterations: number;
  seed: Seed;
  season: number | null;
  week: number | null;
  league_id: string | null;
  duration_ms: number;
  user_team: TeamAnswer;
  opponent_team: TeamAnswer;
  /** User minus opponent points. */
  difference: ScoreSummaryAnswer;
  /** player_id of every starter simulated from the positional baseline (no projection this week). */
  baseline_players: string[];
  /** The scoring used: the request's scoring_settings, the named league's rules, or PPR. */
  scoring: 'request' | 'league' | 'ppr';
}

function summaryAnswer(summary: ScoreSummary): ScoreSummaryAnswer {
  const { mean, median, std, p10, p25, p75, p90, min, max, histogram } = summary;
  return {
    mean,
    median,
    std,
    p10,
    p25,
    p75,
    p90,
    min,
    max,
    histogram: { bin_edges: histogram.binEdges, counts: histogram.counts },
  };
}

function statusOf(entry: LineupEntry, outcome: PlayerOutcome): PlayerStatusAnswer {
  if (outcome.source === 'final') return 'final';
  if (outcome.source === 'inactive' || entry.starter.isOut) return 'out';
  return outcome.isBaseline || outcome.source === 'unsupported' ? 'baseline' : 'projected';
}

function playerAnswer(entry: LineupEntry, outcome: PlayerOutcome): PlayerAnswer {
  const { player, starter } = entry;
  const status = statusOf(entry, outcome);
  return {
    player_id: starter.ref,
    id: player.id,
    sleeper_id: player.sleeperId,
    name: player.name,
    position: player.position,
    team: player.team,
    opponent: player.opponent,
    depth_rank: player.depthRank,
    status,
    is_baseline: status === 'baseline',
    source: player.source,
    projection: player.projection && {
      pred_mean: player.projection.predMean,
      pred_std: player.projection.predStd,
      p10: player.projection.p10,
      p50: player.projection.p50,
      p90: player.projection.p90,
    },
    distribution: outcome.projection,
    simulated_mean: outcome.simulatedMean,
    boom_probability: outcome.boomProbability,
    bust_probability: outcome.bustProbability,
    swing_share: outcome.swingShare,
    actual_points: starter.isFinal
      ? starter.actualPoints
      : entry.game.state === 'final'
        ? entry.game.points
        : null,
    game_state: entry.game.state,
    points: entry.game.points,
    fraction_remaining: entry.game.fractionRemaining,
  };
}

function teamAnswer(
  requested: TeamRequest,
  summary: ScoreSummary,
  entries: LineupEntry[],
  outcomes: PlayerOutcome[],
): TeamAnswer {
  const outcomeById = new Map(outcomes.map((outcome) => [outcome.id, outcome]));
  return {
    name: requested.name,
    roster_id: requested.rosterId,
    ...summaryAnswer(summary),
    players: entries.map((entry) => playerAnswer(entry, outcomeById.get(String(entry.player.id))!)),
  };
}

export function toSimulationAnswer(options: {
  simulationId: string;
  request: MatchupRequest;
  week: { season: number; week: number } | null;
  user: LineupEntry[];
  opponent: LineupEntry[];
  result: MatchupResult;
  durationMs: number;
  scoring: SimulationAnswer['scoring'];
}): SimulationAnswer {
  const { request, result } = options;
  const user = teamAnswer(
    request.user,
    result.user,
    options.user,
    result.players.filter((p) => p.side === 'user'),
  );
  const opponent = teamAnswer(
    request.opponent,
    result.opponent,
    options.opponent,
    result.players.filter((p) => p.side === 'opponent'),
  );
  return {
    simulation_id: options.simulationId,
    kind: request.kind,
    predicted_score_difference: result.predictedScoreDifference,
    win_probability: result.winProbability,
    tie_probability: result.tieProbability,
    win_probability_standard_error: result.winProbabilityStandardError,
    iterations: result.iterations,
    seed: result.seed,
    season: options.week?.season ?? null,
    week: options.week?.week ?? null,
    league_id: request.leagueId,
    scoring: options.scoring,
    duration_ms: options.durationMs,
    user_team: user,
    opponent_team: opponent,
    difference: summaryAnswer(result.difference),
    baseline_players: [...user.players, ...opponent.players]
      .filter((p) => p.is_baseline)
      .map((p) => p.player_id),
  };
}
