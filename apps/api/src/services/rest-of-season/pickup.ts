import type { StartingSlot } from '@fm/engine';
import {
  bestWeekLineup,
  eligibility,
  fillableSlotCount,
  type LineupPlayer,
  totalPoints,
  type WeekLineup,
} from './best-lineup.js';

/** A pickup for a roster: whom it drops and the roster's best line-ups after it. */
export interface Pickup {
  dropId: string;
  lineups: WeekLineup[];
  /** Rest-of-season points of the best line-ups after the pickup minus before. */
  pointsGain: number;
}

/** A player's own expected points over the remaining weeks, started or not. */
export function ownPoints(player: LineupPlayer): number {
  return player.weeks.reduce((sum, week) => sum + week.mean, 0);
}

/**
 * Adding `newcomer` to `roster` for the drop that leaves the best line-ups scoring most over the remaining weeks,
 * among the drops that leave every slot the roster can fill now still fillable (a team never drops its only
 * kicker for a fourth running back); between equal drops, the player with the fewest points of his own. Null when
 * no drop is allowed. A drop changes only the weeks he would start in with the newcomer on the roster, so only
 * those are built again.
 */
export function bestPickup(
  roster: readonly LineupPlayer[],
  newcomer: LineupPlayer,
  slots: readonly StartingSlot[],
  weeks: readonly number[],
  pointsBefore: number,
): Pickup | null {
  const everyone = [...roster, newcomer];
  const canFill = eligibility(everyone, slots);
  const all = everyone.map((_, index) => index);
  const fillable = fillableSlotCount(canFill, slots.length, all.slice(0, roster.length));
  const withAll = weeks.map((week, w) => bestWeekLineup(everyone, canFill, slots.length, all, week, w));
  let best: (Pickup & { dropOwnPoints: number }) | null = null;
  roster.forEach((drop, dropIndex) => {
    const kept = all.filter((index) => index !== dropIndex);
    if (fillableSlotCount(canFill, slots.length, kept) < fillable) return;
    const lineups = withAll.map((lineup, w) =>
      lineup.starterIds.includes(drop.id)
        ? bestWeekLineup(everyone, canFill, slots.length, kept, lineup.week, w)
        : lineup,
    );
    const pointsGain = totalPoints(lineups) - pointsBefore;
    const dropOwnPoints = ownPoints(drop);
    const isBetter =
      !best ||
      pointsGain > best.pointsGain + 1e-9 ||
      (Math.abs(pointsGain - best.pointsGain) <= 1e-9 && dropOwnPoints < best.dropOwnPoints);
    if (isBetter) best = { dropId: drop.id, lineups, pointsGain, dropOwnPoints };
  });
  const chosen = best as (Pickup & { dropOwnPoints: number }) | null;
  return chosen && { dropId: chosen.dropId, lineups: chosen.lineups, pointsGain: chosen.pointsGain };
}

/** Whether two sets of line-ups start the same players every week (then every simulation of them agrees). */
export function isSameLineups(a: readonly WeekLineup[], b: readonly WeekLineup[]): boolean {
  return a.every((lineup, w) => {
    const other = new Set(b[w]?.starterIds ?? []);
    return lineup.starterIds.length === other.size && lineup.starterIds.every((id) => other.has(id));
  });
}
