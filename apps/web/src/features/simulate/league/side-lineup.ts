import { playablePlayers } from '@fm/contract';
import { checkLineup, DEFAULT_ROSTER_POSITIONS, type LineupCheck } from '@fm/engine';
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
  return {
    check,
    rows: check.slots.map((slot) => ({
      label: slot.label,
      player: slot.playerId ? (byId.get(slot.playerId) ?? null) : null,
    })),
    unplaced: check.unplaced.flatMap((id) => {
      const player = byId.get(id);
      return player ? [player] : [];
    }),
    bench: players.filter((player) => !starting.has(player.player_id)),
  };
}
