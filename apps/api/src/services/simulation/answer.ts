import type {
  PlayerAnswer,
  PlayerStatusAnswer,
  ScoreSummaryAnswer,
  SimulationAnswer,
  TeamAnswer,
} from '@fm/contract';
import type { MatchupResult, PlayerOutcome, ScoreSummary } from '@fm/engine';
import type { LineupEntry } from './input.js';
import type { TeamRequest } from './request.js';

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

function statusOf(outcome: PlayerOutcome, isOut: boolean): PlayerStatusAnswer {
  if (outcome.source === 'final') return 'final';
  if (outcome.source === 'inactive' || isOut) return 'out';
  return outcome.isBaseline || outcome.source === 'unsupported' ? 'baseline' : 'projected';
}

/** How a run drew a player. */
function drawnAs(outcome: PlayerOutcome, isOut: boolean) {
  const status = statusOf(outcome, isOut);
  return {
    status,
    is_baseline: status === 'baseline',
    distribution: outcome.projection,
    simulated_mean: outcome.simulatedMean,
    boom_probability: outcome.boomProbability,
    bust_probability: outcome.bustProbability,
    swing_share: outcome.swingShare,
  } satisfies Partial<PlayerAnswer>;
}

/** What an answer says of a simulated player before the run: who he is, his projection and his game. */
export type PlayerFacts = Omit<PlayerAnswer, keyof ReturnType<typeof drawnAs>>;

/** One side of a run as its answer names it: each player's facts, and the id the engine drew him by. */
export interface SideFacts extends Pick<TeamAnswer, 'name' | 'roster_id'> {
  players: { facts: PlayerFacts; runId: string; isOut: boolean }[];
}

/** The one player answer of every run (directory line-ups and league runs): his facts and how he was drawn. */
function playerAnswer(facts: PlayerFacts, outcome: PlayerOutcome, isOut: boolean): PlayerAnswer {
  return { ...facts, ...drawnAs(outcome, isOut) };
}

function teamAnswer(side: SideFacts, summary: ScoreSummary, outcomes: PlayerOutcome[]): TeamAnswer {
  const outcomeById = new Map(outcomes.map((outcome) => [outcome.id, outcome]));
  return {
    name: side.name,
    roster_id: side.roster_id,
    ...summaryAnswer(summary),
    players: side.players.map(({ facts, runId, isOut }) =>
      playerAnswer(facts, outcomeById.get(runId)!, isOut),
    ),
  };
}

/** The players of both sides simulated from their position's baseline (no projection of their own). */
export function baselinePlayerIds(user: TeamAnswer, opponent: TeamAnswer): string[] {
  return [...user.players, ...opponent.players]
    .filter((player) => player.is_baseline)
    .map((player) => player.player_id);
}

/** The answer of a run: both sides' players as the request or the league names them, and the result. */
export function simulationAnswer(
  result: MatchupResult,
  sides: { user: SideFacts; opponent: SideFacts },
  run: Pick<
    SimulationAnswer,
    'simulation_id' | 'kind' | 'season' | 'week' | 'league_id' | 'scoring' | 'duration_ms'
  >,
): SimulationAnswer {
  const outcomesOf = (side: 'user' | 'opponent') => result.players.filter((p) => p.side === side);
  const user = teamAnswer(sides.user, result.user, outcomesOf('user'));
  const opponent = teamAnswer(sides.opponent, result.opponent, outcomesOf('opponent'));
  return {
    simulation_id: run.simulation_id,
    kind: run.kind,
    predicted_score_difference: result.predictedScoreDifference,
    win_probability: result.winProbability,
    tie_probability: result.tieProbability,
    win_probability_standard_error: result.winProbabilityStandardError,
    iterations: result.iterations,
    seed: result.seed,
    season: run.season,
    week: run.week,
    league_id: run.league_id,
    scoring: run.scoring,
    duration_ms: run.duration_ms,
    user_team: user,
    opponent_team: opponent,
    difference: summaryAnswer(result.difference),
    baseline_players: baselinePlayerIds(user, opponent),
  };
}

/** A directory run's side: each line-up entry as the request named him, with our facts of him. */
export function lineupSide(requested: TeamRequest, entries: LineupEntry[]): SideFacts {
  return {
    name: requested.name,
    roster_id: requested.rosterId,
    players: entries.map(({ starter, player, game }) => ({
      runId: String(player.id),
      isOut: starter.isOut,
      facts: {
        player_id: starter.ref,
        id: player.id,
        sleeper_id: player.sleeperId,
        name: player.name,
        position: player.position,
        team: player.team,
        opponent: player.opponent,
        depth_rank: player.depthRank,
        source: player.source,
        projection: player.projection && {
          pred_mean: player.projection.predMean,
          pred_std: player.projection.predStd,
          p10: player.projection.p10,
          p50: player.projection.p50,
          p90: player.projection.p90,
        },
        actual_points: starter.isFinal ? starter.actualPoints : game.state === 'final' ? game.points : null,
        game_state: game.state,
        points: game.points,
        fraction_remaining: game.fractionRemaining,
      },
    })),
  };
}
