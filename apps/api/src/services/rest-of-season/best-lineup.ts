import { slotAccepts, type StartingSlot } from '@fm/engine';

/** A player as line-ups are built from him: his position and expected points in each remaining week. */
export interface LineupPlayer {
  id: string;
  position: string;
  /** One entry per week of the `weeks` the line-ups are built for, in that order. */
  weeks: readonly { mean: number; std: number }[];
}

/** A team's best line-up of one week: its expected points, their spread and who starts. */
export interface WeekLineup {
  week: number;
  mean: number;
  /** √(Σ starters' variance): the starters taken as independent. */
  std: number;
  starterIds: string[];
}

/** Which slots each player may fill. */
export function eligibility(players: readonly LineupPlayer[], slots: readonly StartingSlot[]): boolean[][] {
  return players.map((player) => slots.map((slot) => slotAccepts(slot.label, player.position)));
}

/**
 * Places `player` by an augmenting path (Kuhn's matching, as the engine's slot matching does), moving players
 * already placed to other slots they may fill; false when no arrangement makes room for him.
 */
function place(player: number, canFill: boolean[][], holder: Int32Array, visited: Uint8Array): boolean {
  const fills = canFill[player]!;
  for (let slot = 0; slot < holder.length; slot++) {
    if (!fills[slot] || visited[slot]) continue;
    visited[slot] = 1;
    const current = holder[slot]!;
    if (current < 0 || place(current, canFill, holder, visited)) {
      holder[slot] = player;
      return true;
    }
  }
  return false;
}

/**
 * The best line-up of week index `w` from the players at `indices` (into `players` and `canFill`). Players who can
 * start together form a (transversal) matroid, so taking them best first and keeping each one the slots can still
 * hold gives the maximum-points line-up for any slot list, flex slots of any shape included. Players projected at
 * 0 (byes, out) are left out.
 */
export function bestWeekLineup(
  players: readonly LineupPlayer[],
  canFill: boolean[][],
  slotCount: number,
  indices: readonly number[],
  week: number,
  w: number,
): WeekLineup {
  const holder = new Int32Array(slotCount).fill(-1);
  const visited = new Uint8Array(slotCount);
  const order = [...indices].sort((a, b) => players[b]!.weeks[w]!.mean - players[a]!.weeks[w]!.mean);
  let mean = 0;
  let variance = 0;
  const starterIds: string[] = [];
  let open = slotCount;
  for (const index of order) {
    if (open === 0) break;
    const points = players[index]!.weeks[w]!;
    if (points.mean <= 0) break;
    visited.fill(0);
    if (!place(index, canFill, holder, visited)) continue;
    open--;
    mean += points.mean;
    variance += points.std * points.std;
    starterIds.push(players[index]!.id);
  }
  return { week, mean, std: Math.sqrt(variance), starterIds };
}

/** Each week's best line-up by expected points (bestWeekLineup, week by week). */
export function bestLineupWeeklyPoints(
  players: readonly LineupPlayer[],
  slots: readonly StartingSlot[],
  weeks: readonly number[],
): WeekLineup[] {
  const canFill = eligibility(players, slots);
  const indices = players.map((_, index) => index);
  return weeks.map((week, w) => bestWeekLineup(players, canFill, slots.length, indices, week, w));
}

/** How many of the slots the players at `indices` (default: all) can fill at once, whoever scores what. */
export function fillableSlotCount(
  canFill: boolean[][],
  slotCount: number,
  indices: readonly number[] = canFill.map((_, index) => index),
): number {
  const holder = new Int32Array(slotCount).fill(-1);
  const visited = new Uint8Array(slotCount);
  let filled = 0;
  for (const index of indices) {
    if (filled === slotCount) break;
    visited.fill(0);
    if (place(index, canFill, holder, visited)) filled++;
  }
  return filled;
}

/** Expected points of a team's best line-ups over all the weeks. */
export function totalPoints(lineups: readonly WeekLineup[]): number {
  return lineups.reduce((sum, lineup) => sum + lineup.mean, 0);
}
