import type { StartingSlot } from './slots.js';
import { LineupPool } from './lineup-pool.js';
import type { SeasonPlayer, WeeklyLineups } from './season-player.js';

/** One roster's best line-up (highest expected points) in each remaining week. */
export function bestLineupWeekly(
  players: readonly SeasonPlayer[],
  slots: readonly StartingSlot[],
): WeeklyLineups {
  return new LineupPool([{ rosterId: 0, players }], slots).weeklyLineups(0);
}
