import { probabilityBelow, type PointsDistribution } from './points-distribution.js';
import { BOOM_THRESHOLD, BUST_THRESHOLD, type Position } from './positions.js';

export interface BoomBustChances {
  /** P(points ≥ BOOM_THRESHOLD[position]). */
  boom: number;
  /** P(points < BUST_THRESHOLD[position]). */
  bust: number;
}

/**
 * A player-week's boom and bust chances, read exactly off its points distribution; null for a position without
 * thresholds. Every page and answer that shows these chances computes them here.
 */
export function boomBustChances(
  distribution: PointsDistribution,
  position: Position | null,
): BoomBustChances | null {
  if (!position) return null;
  return {
    boom: 1 - probabilityBelow(distribution, BOOM_THRESHOLD[position]),
    bust: probabilityBelow(distribution, BUST_THRESHOLD[position]),
  };
}
