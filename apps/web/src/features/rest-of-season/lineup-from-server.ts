import { type FreeAgent, playablePlayers } from '@fm/contract';
import { checkLineup } from '@fm/engine';
import { type LeagueDetails, rosterById } from '../simulate/shared/league-details';

/** A player of the line-up after a pickup; `isNew` marks the free agent picked up. */
export interface PickupPlayer {
  player_id: string;
  name: string;
  position: string;
  team: string | null;
  isNew: boolean;
}

export interface PickupLineup {
  /** The starting slots in the league's order, each with its starter (null when empty). */
  slots: { label: string; player: PickupPlayer | null }[];
  bench: PickupPlayer[];
  /** The player dropped to make room (null: the roster had an open place). */
  dropped: PickupPlayer | null;
  /** The starter who sits so the pickup can start (null: nobody, or the one dropped). */
  benched: PickupPlayer | null;
}

/**
 * The server's line-up after the pickup (`lineup_after`: who starts) laid out in the league's slots, with the rest
 * of the roster on the bench and the player dropped. Which players start is the server's answer, not worked out
 * here: the page shows the line-up the pickup was priced with.
 */
export function lineupFromServer(
  details: LeagueDetails,
  rosterId: number,
  freeAgent: FreeAgent,
  rosterPositions: readonly string[],
): PickupLineup {
  const roster = rosterById(details, rosterId);
  const own: PickupPlayer[] = (roster ? playablePlayers(roster) : []).map((player) => ({
    player_id: player.player_id,
    name: player.name,
    position: player.position,
    team: player.team,
    isNew: false,
  }));
  const pickedUp: PickupPlayer = {
    player_id: freeAgent.player_id,
    name: freeAgent.name,
    position: freeAgent.position,
    team: freeAgent.team,
    isNew: true,
  };
  const byId = new Map([...own, pickedUp].map((player) => [player.player_id, player]));
  const starterIds = (freeAgent.lineup_after ?? []).filter((id) => byId.has(id));
  const check = checkLineup(
    starterIds.map((id) => ({ id, name: byId.get(id)!.name, position: byId.get(id)!.position })),
    rosterPositions,
  );
  const placed = new Set(check.slots.flatMap((slot) => (slot.playerId ? [slot.playerId] : [])));
  const droppedId = freeAgent.replaces_player_id;
  const sitsId = freeAgent.starts_over_player_id;
  return {
    slots: check.slots.map((slot) => ({
      label: slot.label,
      player: slot.playerId ? byId.get(slot.playerId)! : null,
    })),
    bench: [...own, pickedUp].filter(
      (player) => !placed.has(player.player_id) && player.player_id !== droppedId,
    ),
    dropped: (droppedId && byId.get(droppedId)) || null,
    benched: (sitsId && sitsId !== droppedId && byId.get(sitsId)) || null,
  };
}
