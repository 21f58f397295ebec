import { Z_90 } from '@fm/engine';

/** Fantasy points of a player who takes the field are floored here (negative games are rare and small). */
export const POINTS_FLOOR = 0;

/**
 * The 10th and 90th percentiles of a normal with this mean and standard deviation, the 10th floored at
 * POINTS_FLOOR: how a projection given only as mean and spread is stored with a range.
 */
export function normalPercentiles(mean: number, std: number): { p10: number; p90: number } {
  return { p10: Math.max(POINTS_FLOOR, mean - Z_90 * std), p90: mean + Z_90 * std };
}
