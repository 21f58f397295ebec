import { normalCdf, normalDensity, normalQuantile, Z_90 } from '../math/normal.js';
import { conditionOnGame } from '../live/condition-on-game.js';
import type { PlayerGame } from '../live/game-state.js';
import { POSITION_BASELINE, SCORING_FLOOR, type Position } from './positions.js';
import {
  constantDistribution,
  type DistributionSource,
  type PointsDistribution,
} from './points-distribution-family.js';

export type {
  DistributionKind,
  DistributionSource,
  PointsDistribution,
} from './points-distribution-family.js';
export { constantDistribution } from './points-distribution-family.js';

export interface PlayerProjection {
  predMean?: number | null;
  predStd?: number | null;
  p10?: number | null;
  p50?: number | null;
  p90?: number | null;
}

export interface PlayerStatus {
  /** No game this week. */
  isOnBye?: boolean;
  /** Ruled out (injury, suspension, inactive). */
  isOut?: boolean;
  /** The player's game is over: `actualPoints` is his score and carries no variance. */
  isFinal?: boolean;
  actualPoints?: number | null;
  /**
   * Where his game stands this week; when given it decides the distribution (points so far plus the remaining
   * share while `in`) and the flags above are ignored.
   */
  game?: PlayerGame | null;
}

// Quantile ratios this close to 1 are treated as symmetric (a normal), avoiding σ → 0 round-off in the log-normal fit.
const SYMMETRY_TOLERANCE = 1e-6;

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// Three-parameter log-normal through three quantiles: with r = (q90−q50)/(q50−q10), σ = ln r / z₀.₉ (Aitchison & Brown 1957, The Lognormal Distribution).
export function fitToQuantiles(p10: number, p50: number, p90: number, floor: number): PointsDistribution {
  const ratio = (p90 - p50) / (p50 - p10);
  if (ratio <= 1 + SYMMETRY_TOLERANCE) {
    // Symmetric or left-skewed quantiles: a normal with the same median and 10–90 spread.
    return {
      kind: 'normal',
      shift: p50,
      scale: (p90 - p10) / (2 * Z_90),
      sigma: 0,
      floor,
      source: 'quantiles',
    };
  }
  const sigma = Math.log(ratio) / Z_90;
  const scale = (p50 - p10) / (1 - Math.exp(-sigma * Z_90));
  return { kind: 'shifted-lognormal', shift: p50 - scale, scale, sigma, floor, source: 'quantiles' };
}

// Log-normal moment match with the lower bound at the floor: σ² = ln(1 + s²/(m−c)²), scale = (m−c)·e^(−σ²/2) (Johnson, Kotz & Balakrishnan 1994, ch. 14).
export function fitToMeanAndStd(
  mean: number,
  std: number,
  floor: number,
  source: DistributionSource = 'mean-std',
): PointsDistribution {
  const excess = mean - floor;
  if (!(excess > 0) || !(std > 0)) return constantDistribution(Math.max(mean, floor), source);
  const sigmaSquared = Math.log(1 + (std * std) / (excess * excess));
  return {
    kind: 'shifted-lognormal',
    shift: floor,
    scale: excess * Math.exp(-sigmaSquared / 2),
    sigma: Math.sqrt(sigmaSquared),
    floor,
    source,
  };
}

/**
 * The distribution of a player's PPR points this week. When his `game` is given it decides (see conditionOnGame:
 * points so far plus the remaining share while `in`, fixed when final, bye or out) and the flags are ignored.
 * Otherwise:
 * - game over: his actual points, no variance; on bye or ruled out: zero;
 * - p10 < p50 < p90 given: shifted log-normal through those quantiles (they take precedence over mean/std);
 * - mean (and std) given: shifted log-normal from the positional floor with that mean and std; a missing std is
 *   taken as the positional baseline's, scaled by √(mean / baseline mean) (variance grows with volume);
 * - nothing given: the positional baseline (`source: 'baseline'`).
 * A position the engine does not model (null) uses its projection with a floor of 0, or zero without one.
 */
export function fitPointsDistribution(
  position: Position | null,
  projection: PlayerProjection,
  status: PlayerStatus = {},
): PointsDistribution {
  if (status.game) return conditionOnGame(fitPointsDistribution(position, projection), status.game);
  if (status.isFinal && isNumber(status.actualPoints))
    return constantDistribution(status.actualPoints, 'final');
  if (status.isOnBye || status.isOut) return constantDistribution(0, 'inactive');
  const floor = position ? SCORING_FLOOR[position] : 0;
  const { predMean, predStd, p10, p50, p90 } = projection;
  if (isNumber(p10) && isNumber(p50) && isNumber(p90) && p10 < p50 && p50 < p90) {
    return fitToQuantiles(p10, p50, p90, floor);
  }
  const baseline = position ? POSITION_BASELINE[position] : null;
  if (isNumber(predMean)) {
    if (isNumber(predStd) && predStd > 0) return fitToMeanAndStd(predMean, predStd, floor);
    const volumeScaledStd = baseline ? baseline.std * Math.sqrt(Math.max(predMean, 0) / baseline.mean) : 0;
    return fitToMeanAndStd(predMean, volumeScaledStd, floor);
  }
  if (!baseline) return constantDistribution(0, 'unsupported');
  return fitToMeanAndStd(baseline.mean, baseline.std, floor, 'baseline');
}

/** Q(z): the points at standard normal score z (the inverse CDF composed with Φ). */
export function quantileAtNormalScore(distribution: PointsDistribution, z: number): number {
  const { kind, shift, scale, sigma, floor } = distribution;
  if (kind === 'constant') return shift;
  const value = kind === 'normal' ? shift + scale * z : shift + scale * Math.exp(sigma * z);
  return value > floor ? value : floor;
}

/** Inverse CDF F⁻¹(p). */
export function distributionQuantile(distribution: PointsDistribution, probability: number): number {
  return quantileAtNormalScore(distribution, normalQuantile(probability));
}

/** F(x) = P(points ≤ x). */
export function distributionCdf(distribution: PointsDistribution, points: number): number {
  const { kind, shift, scale, sigma, floor } = distribution;
  if (kind === 'constant') return points >= shift ? 1 : 0;
  if (points < floor) return 0;
  if (kind === 'normal') return normalCdf((points - shift) / scale);
  return points > shift ? normalCdf(Math.log((points - shift) / scale) / sigma) : 0;
}

// Moments of a floored normal / floored shifted log-normal in closed form (truncated-moment identities, Johnson, Kotz & Balakrishnan 1994).
export function distributionMoments(distribution: PointsDistribution): { mean: number; std: number } {
  const { kind, shift, scale, sigma, floor } = distribution;
  if (kind === 'constant') return { mean: shift, std: 0 };
  let mean: number;
  let secondMoment: number;
  if (kind === 'normal') {
    const zFloor = (floor - shift) / scale;
    const below = normalCdf(zFloor);
    const density = zFloor < -37 ? 0 : normalDensity(zFloor);
    const densityTerm = zFloor < -37 ? 0 : zFloor * density;
    mean = floor * below + shift * (1 - below) + scale * density;
    secondMoment =
      floor * floor * below +
      shift * shift * (1 - below) +
      2 * shift * scale * density +
      scale * scale * (1 - below + densityTerm);
  } else {
    const zFloor = floor > shift ? Math.log((floor - shift) / scale) / sigma : -Infinity;
    const below = normalCdf(zFloor);
    const first = scale * Math.exp((sigma * sigma) / 2);
    const second = scale * scale * Math.exp(2 * sigma * sigma);
    const aboveFirst = 1 - normalCdf(zFloor - sigma);
    mean = floor * below + shift * (1 - below) + first * aboveFirst;
    secondMoment =
      floor * floor * below +
      shift * shift * (1 - below) +
      2 * shift * first * aboveFirst +
      second * (1 - normalCdf(zFloor - 2 * sigma));
  }
  return { mean, std: Math.sqrt(Math.max(0, secondMoment - mean * mean)) };
}

/** P(points < x), counting the atom at the floor (or at a constant) correctly. */
export function probabilityBelow(distribution: PointsDistribution, points: number): number {
  if (distribution.kind === 'constant') return distribution.shift < points ? 1 : 0;
  return points <= distribution.floor ? 0 : distributionCdf(distribution, points);
}
