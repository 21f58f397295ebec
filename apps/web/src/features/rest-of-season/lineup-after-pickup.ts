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
  /** The starter who sits so the pickup can start (null: nobody). */
  benched: PickupPlayer | null;
}

/** This week's projected points of a rostered player (0 without a projection). */
function projectedMean(details: LeagueDetails, playerId: string): number {
  return details.projections[playerId]?.mean ?? 0;
}

/**
 * The week's starters once the pickup starts: in the slot of the player he replaces when that player started, else
 * in place of the starter projected lowest whose place he can take (the line-up staying one the league allows).
 */
function startersWithPickup(
  details: LeagueDetails,
  starterIds: string[],
  pickedUp: PickupPlayer,
  byId: ReadonlyMap<string, PickupPlayer>,
  rosterPositions: readonly string[],
): string[] {
  const isAllowed = (ids: string[]) =>
    checkLineup(
      ids.map((id) => ({ id, position: byId.get(id)!.position })),
      rosterPositions,
    ).unplaced.length === 0;
  const weakestFirst = [...starterIds].sort((a, b) => projectedMean(details, a) - projectedMean(details, b));
  for (const benched of weakestFirst) {
    const ids = starterIds.map((id) => (id === benched ? pickedUp.player_id : id));
    if (isAllowed(ids)) return ids;
  }
  return starterIds;
}

/**
 * The caller's roster once `freeAgent` is picked up, changing as little as it must: the player he replaces is
 * dropped; he takes that player's slot when that player started this week; when that player sat but the pickup
 * changes this week's best line-up (his ΔP(win) is not 0), he starts in place of the weakest starter he can
 * replace; otherwise he sits. Everyone else stays where the week's line-up has them.
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
  const weekStarters = weekStarterIds(details, rosterId);
  const keptStarters = weekStarters.flatMap((id) =>
    id === replacedId ? [pickedUp.player_id] : byId.has(id) ? [id] : [],
  );
  const startsThisWeek = !weekStarters.includes(replacedId ?? '') && freeAgent.delta_win_probability !== 0;
  const starterIds = startsThisWeek
    ? startersWithPickup(details, keptStarters, pickedUp, byId, rosterPositions)
    : keptStarters;
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
    benched: byId.get(keptStarters.find((id) => !starterIds.includes(id)) ?? '') ?? null,
  };
}
