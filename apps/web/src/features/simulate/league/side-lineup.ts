import { playablePlayers } from '@fm/contract';
import { checkLineup, DEFAULT_ROSTER_POSITIONS, type LineupCheck, slotAccepts } from '@fm/engine';
import { type LeagueDetails, type LeaguePlayer, rosterById } from '../shared/league-details';
import type { Side } from '../shared/matchup-inputs';

export interface SlotRow {
  label: string;
  player: LeaguePlayer | null;
}

/** One team's line-up as the head-to-head shows it: slot by slot, starters without a slot, and the bench. */
export interface SideLineup {
  check: LineupCheck;
  rows: SlotRow[];
  /** Starters no slot can take (too many, or a position the open slots refuse). */
  unplaced: LeaguePlayer[];
  bench: LeaguePlayer[];
}

/** The preference's starting line-up ({QB: 1, RB: 2, …, DST: 1}) as a roster_positions list. */
export function rosterPositionsFromCounts(counts: Record<string, number>): string[] {
  return Object.entries(counts).flatMap(([slot, count]) =>
    Array.from({ length: count }, () => (slot === 'DST' ? 'DEF' : slot)),
  );
}

/** The league's starting slots, or `fallback` (the user's preferred line-up) when the league does not say. */
export function rosterPositionsOf(details: LeagueDetails, fallback?: string[]): string[] {
  if (details.league.roster_positions.length > 0) return details.league.roster_positions;
  return fallback && fallback.length > 0 ? fallback : [...DEFAULT_ROSTER_POSITIONS];
}

/**
 * A starter list may hold one entry per starting slot, in slot order, with EMPTY_SLOT where a starter was
 * benched: the others keep their slots (the FLEX player stays in FLEX when a WR sits).
 */
export const EMPTY_SLOT = '';

export function sideLineup(details: LeagueDetails, side: Side, rosterPositions: string[]): SideLineup {
  const roster = rosterById(details, side.rosterId);
  const players = roster ? playablePlayers(roster) : [];
  const byId = new Map(players.map((player) => [player.player_id, player]));
  const starters = side.starterIds.flatMap((id) => {
    const player = byId.get(id);
    return player ? [player] : [];
  });
  const check = checkLineup(
    starters.map((player) => ({ id: player.player_id, name: player.name, position: player.position })),
    rosterPositions,
  );
  const starting = new Set(side.starterIds);
  const bySlotOrder = slotOrderRows(check, side.starterIds, byId);
  return {
    check,
    rows:
      bySlotOrder ??
      check.slots.map((slot) => ({
        label: slot.label,
        player: slot.playerId ? (byId.get(slot.playerId) ?? null) : null,
      })),
    unplaced: bySlotOrder
      ? []
      : check.unplaced.flatMap((id) => {
          const player = byId.get(id);
          return player ? [player] : [];
        }),
    bench: players.filter((player) => !starting.has(player.player_id)),
  };
}

/** The rows of a list laid out slot by slot (each entry a player the slot takes, or EMPTY_SLOT); else null. */
function slotOrderRows(
  check: LineupCheck,
  starterIds: readonly string[],
  byId: ReadonlyMap<string, LeaguePlayer>,
): SlotRow[] | null {
  if (starterIds.length !== check.slots.length) return null;
  const rows: SlotRow[] = [];
  for (const [index, slot] of check.slots.entries()) {
    const id = starterIds[index]!;
    const player = id === EMPTY_SLOT ? null : byId.get(id);
    if (player === undefined || (player && !slotAccepts(slot.label, player.position))) return null;
    rows.push({ label: slot.label, player });
  }
  return rows;
}

/** The starter list once `playerId` sits: his slot stays empty, every other starter keeps his. */
export function withStarterBenched(lineup: SideLineup, playerId: string): string[] {
  return [
    ...lineup.rows.map((row) =>
      row.player && row.player.player_id !== playerId ? row.player.player_id : EMPTY_SLOT,
    ),
    ...lineup.unplaced.map((player) => player.player_id).filter((id) => id !== playerId),
  ];
}

/** The starter list once `player` starts: in the first empty slot that takes him, else added for the slots to be matched again. */
export function withPlayerStarted(lineup: SideLineup, player: LeaguePlayer): string[] {
  const ids = withStarterBenched(lineup, player.player_id);
  const open = lineup.rows.findIndex((row) => row.player === null && slotAccepts(row.label, player.position));
  if (open >= 0 && lineup.unplaced.length === 0) {
    ids[open] = player.player_id;
    return ids;
  }
  return [...ids.filter((id) => id !== EMPTY_SLOT), player.player_id];
}
