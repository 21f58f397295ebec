import type { MatchupInput, SimulationPlayer } from '@fm/engine';
import { toEngineGame, type PlayerGameAnswer } from '../live-games/player-games.js';
import type { LineupPlayer } from './players.js';
import type { MatchupRequest, StarterRequest, TeamRequest } from './request.js';

/** A resolved starter: the request's reference and flags, and the player behind it. */
export interface LineupEntry {
  starter: StarterRequest;
  player: LineupPlayer;
  /** Where his game stands this week (pre, in, final, bye, out). */
  game: PlayerGameAnswer;
}

/**
 * The engine's view of one starter. This is the whole of what the server simulates: the browser
 * worker, given the same players and seed, computes the same numbers.
 */
export function toSimulationPlayer({ starter, player, game }: LineupEntry): SimulationPlayer {
  return {
    id: String(player.id),
    name: player.name,
    position: player.position,
    team: player.team,
    opponent: player.opponent,
    depthRank: player.depthRank,
    ...(player.projection ?? {}),
    ...(starter.isFinal ? { isFinal: true, actualPoints: starter.actualPoints } : {}),
    ...(starter.isOut || player.isOut ? { isOut: true } : {}),
    game: toEngineGame(game),
    // the same facts in the older flags, for an engine that does not read `game` yet
    ...(game.state === 'final' && !starter.isFinal ? { isFinal: true, actualPoints: game.points ?? 0 } : {}),
    ...((game.state === 'out' || game.state === 'bye') && !starter.isOut ? { isOut: true } : {}),
  };
}

export function toMatchupInput(
  request: MatchupRequest,
  user: LineupEntry[],
  opponent: LineupEntry[],
  seed: number | string,
): MatchupInput {
  const team = (requested: TeamRequest, entries: LineupEntry[]) => ({
    name: requested.name,
    players: entries.map(toSimulationPlayer),
  });
  return {
    user: team(request.user, user),
    opponent: team(request.opponent, opponent),
    iterations: request.iterations,
    seed,
  };
}
