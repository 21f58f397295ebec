export type DistributionKind = 'shifted-lognormal' | 'normal' | 'constant';
/**
 * Where a player's distribution came from: `baseline` means no projection was available (positional constants),
 * `unsupported` a position the engine does not model (IDP) with no projection, scored as zero.
 */
export type DistributionSource = 'quantiles' | 'mean-std' | 'baseline' | 'final' | 'inactive' | 'unsupported';

/**
 * A player's weekly points as a transform of one standard normal score z (so a Gaussian copula needs no Φ):
 *   shifted-lognormal  Q(z) = max(floor, shift + scale·e^(sigma·z))
 *   normal             Q(z) = max(floor, shift + scale·z)
 *   constant           Q(z) = shift
 */
export interface PointsDistribution {
  kind: DistributionKind;
  shift: number;
  scale: number;
  sigma: number;
  floor: number;
  source: DistributionSource;
}

/** A score known for certain (final, or zero on a bye): no spread. */
export function constantDistribution(points: number, source: DistributionSource): PointsDistribution {
  return { kind: 'constant', shift: points, scale: 0, sigma: 0, floor: points, source };
}
