import type { MatchupInput, SimulationPlayer } from '@fm/engine';
import type { LineupPlayer } from './players.js';
import type { MatchupRequest, StarterRequest, TeamRequest } from './request.js';

/** A resolved starter: the request's reference and flags, and the player behind it. */
export interface LineupEntry {
  starter: StarterRequest;
  player: LineupPlayer;
}

/**
 * The engine's view of one starter. This is the whole of what the server simulates: the browser
 * worker, given the same players and seed, computes the same numbers.
 */
export function toSimulationPlayer({ starter, player }: LineupEntry): SimulationPlayer {
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
