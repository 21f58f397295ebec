import type { MatchupInput, SimulationPlayer } from '@fm/engine';

interface AnsweredPlayer {
  id: number;
  name: string;
  position: string;
  team: string;
  opponent: string | null;
  depth_rank: number | null;
  status: string;
  projection: {
    pred_mean: number;
    pred_std: number;
    p10: number | null;
    p50: number | null;
    p90: number | null;
  } | null;
  actual_points: number | null;
}

interface Answer {
  seed: number | string;
  iterations: number;
  user_team: { name: string | null; players: AnsweredPlayer[] };
  opponent_team: { name: string | null; players: AnsweredPlayer[] };
}

function replayPlayer(p: AnsweredPlayer): SimulationPlayer {
  return {
    id: String(p.id),
    name: p.name,
    position: p.position,
    team: p.team,
    opponent: p.opponent,
    depthRank: p.depth_rank,
    ...(p.projection
      ? {
          predMean: p.projection.pred_mean,
          predStd: p.projection.pred_std,
          p10: p.projection.p10,
          p50: p.projection.p50,
          p90: p.projection.p90,
        }
      : {}),
    ...(p.status === 'final' ? { isFinal: true, actualPoints: p.actual_points } : {}),
    ...(p.status === 'out' ? { isOut: true } : {}),
  };
}

/**
 * The engine input a client rebuilds from a /matchup/simulate answer (players, seed, iterations):
 * what the browser worker runs to reproduce the server's numbers.
 */
export function engineInputFromAnswer(answer: Answer): MatchupInput {
  return {
    user: { name: answer.user_team.name, players: answer.user_team.players.map(replayPlayer) },
    opponent: { name: answer.opponent_team.name, players: answer.opponent_team.players.map(replayPlayer) },
    iterations: answer.iterations,
    seed: answer.seed,
  };
}
