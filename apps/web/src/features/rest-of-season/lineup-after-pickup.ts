import { playablePlayers, weekStarterIds, type FreeAgent } from '@fm/contract';
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
}

/**
 * The caller's roster once `freeAgent` is picked up: he takes the place of the player he replaces — that player's
 * slot when he started this week, else a bench place — and everyone else stays where the week's line-up has them.
 */
export function lineupAfterPickup(
  details: LeagueDetails,
  rosterId: number,
  freeAgent: FreeAgent,
  rosterPositions: readonly string[],
): PickupLineup {
  const roster = rosterById(details, rosterId);
  const players = roster ? playablePlayers(roster) : [];
  const asShown = (player: (typeof players)[number]): PickupPlayer => ({
    player_id: player.player_id,
    name: player.name,
    position: player.position,
    team: player.team,
    isNew: false,
  });
  const pickedUp: PickupPlayer = {
    player_id: freeAgent.player_id,
    name: freeAgent.name,
    position: freeAgent.position,
    team: freeAgent.team,
    isNew: true,
  };
  const replacedId = freeAgent.replaces_player_id;
  const replaced = players.find((player) => player.player_id === replacedId);
  const kept = players.filter((player) => player.player_id !== replacedId).map(asShown);
  const byId = new Map([...kept, pickedUp].map((player) => [player.player_id, player]));
  const starterIds = weekStarterIds(details, rosterId).flatMap((id) =>
    id === replacedId ? [pickedUp.player_id] : byId.has(id) ? [id] : [],
  );
  const check = checkLineup(
    starterIds.map((id) => ({ id, name: byId.get(id)!.name, position: byId.get(id)!.position })),
    rosterPositions,
  );
  const placed = new Set(check.slots.flatMap((slot) => (slot.playerId ? [slot.playerId] : [])));
  return {
    slots: check.slots.map((slot) => ({
      label: slot.label,
      player: slot.playerId ? byId.get(slot.playerId)! : null,
    })),
    bench: [...kept, pickedUp].filter((player) => !placed.has(player.player_id)),
    dropped: replaced ? asShown(replaced) : null,
  };
}
