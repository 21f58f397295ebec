import type { MatchupInput, SimulationPlayer } from '@fm/engine';
import type { PlayerAnswer, SimulationAnswer } from '../src/services/simulation/answer.js';

type AnsweredPlayer = Pick<
  PlayerAnswer,
  | 'id'
  | 'name'
  | 'position'
  | 'team'
  | 'opponent'
  | 'depth_rank'
  | 'projection'
  | 'actual_points'
  | 'game_state'
  | 'points'
  | 'fraction_remaining'
> & { status: string };

/** The parts of a simulation answer the engine input is rebuilt from. */
type Answer = Pick<SimulationAnswer, 'seed' | 'iterations'> & {
  user_team: { name: string | null; players: AnsweredPlayer[] };
  opponent_team: { name: string | null; players: AnsweredPlayer[] };
};

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
    game: { state: p.game_state, points: p.points ?? 0, fractionRemaining: p.fraction_remaining },
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
