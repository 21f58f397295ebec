import type {
  PlayerAnswer,
  PlayerStatusAnswer,
  ScoreSummaryAnswer,
  SimulationAnswer,
  TeamAnswer,
} from '@fm/contract';
import type { MatchupResult, PlayerOutcome, ScoreSummary } from '@fm/engine';
import type { LineupEntry } from './input.js';
import type { MatchupRequest, TeamRequest } from './request.js';

/** The answer types are the contract's schemas' (z.output), so the route and the service cannot drift. */
export type {
  HistogramAnswer,
  PlayerAnswer,
  PlayerStatusAnswer,
  ScoreSummaryAnswer,
  SimulationAnswer,
  TeamAnswer,
} from '@fm/contract';

export function summaryAnswer(summary: ScoreSummary): ScoreSummaryAnswer {
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

/** The players of both sides simulated from their position's baseline (no projection of their own). */
export function baselinePlayerIds(user: TeamAnswer, opponent: TeamAnswer): string[] {
  return [...user.players, ...opponent.players]
    .filter((player) => player.is_baseline)
    .map((player) => player.player_id);
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
    baseline_players: baselinePlayerIds(user, opponent),
  };
}
