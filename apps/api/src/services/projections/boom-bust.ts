/**
 * Boom and bust chances of a projected score: the chance of reaching a position's "boom" score
 * and of falling under its "bust" score, read off the projection's distribution.
 */

export type Position = 'QB' | 'RB' | 'WR' | 'TE' | 'K' | 'DEF';
export const POSITIONS: readonly Position[] = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];

/** PPR points: a boom is a week-winning score at the position, a bust one that loses the slot. */
export const BOOM_THRESHOLDS: Record<Position, number> = { QB: 25, RB: 20, WR: 20, TE: 15, K: 12, DEF: 12 };
export const BUST_THRESHOLDS: Record<Position, number> = { QB: 12, RB: 7, WR: 7, TE: 5, K: 5, DEF: 3 };

/** z of the 90th percentile of the standard normal. */
const Z90 = 1.2815515655446004;
const MIN_SPREAD = 1e-6;

export interface ProjectedDistribution {
  predMean: number;
  predStd: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
}

/** Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

export function standardNormalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/**
 * P(points < x). With percentiles: a two-piece normal centred on p50 whose lower and upper
 * halves pass exactly through p10 and p90 (fantasy scores are right-skewed). Without them: a
 * normal with the projection's mean and standard deviation.
 */
export function chanceBelow(distribution: ProjectedDistribution, x: number): number {
  const { p10, p50, p90 } = distribution;
  if (p10 !== null && p50 !== null && p90 !== null && p90 >= p50 && p50 >= p10) {
    const spread = x < p50 ? (p50 - p10) / Z90 : (p90 - p50) / Z90;
    if (spread < MIN_SPREAD) return x < p50 ? 0 : 1;
    return standardNormalCdf((x - p50) / spread);
  }
  if (distribution.predStd < MIN_SPREAD) return x <= distribution.predMean ? 0 : 1;
  return standardNormalCdf((x - distribution.predMean) / distribution.predStd);
}

export interface BoomBust {
  boomChance: number;
  bustChance: number;
}

export function boomBustChances(position: string, distribution: ProjectedDistribution): BoomBust {
  const boom = BOOM_THRESHOLDS[position as Position] ?? BOOM_THRESHOLDS.WR;
  const bust = BUST_THRESHOLDS[position as Position] ?? BUST_THRESHOLDS.WR;
  return {
    boomChance: round(1 - chanceBelow(distribution, boom), 3),
    bustChance: round(chanceBelow(distribution, bust), 3),
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
