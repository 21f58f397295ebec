import type { PointsDistribution } from './points-distribution.js';

/** The table covers standard normal scores in [−Z_TABLE_RANGE, Z_TABLE_RANGE]; beyond it (p ≈ 2·10⁻⁹) Q is computed exactly. */
export const Z_TABLE_RANGE = 6;
/** Linear interpolation over 512 cells keeps the relative error of Q below (σ·h)²/8 ≈ 7·10⁻⁵ for σ = 1. */
export const Z_TABLE_CELLS = 512;
export const Z_TABLE_POINTS = Z_TABLE_CELLS + 1;
export const Z_TABLE_STEP = (2 * Z_TABLE_RANGE) / Z_TABLE_CELLS;

/** Q(z) before the floor is applied: a smooth function, so linear interpolation between grid points is accurate. */
export function unflooredQuantile(distribution: PointsDistribution, z: number): number {
  const { kind, shift, scale, sigma } = distribution;
  if (kind === 'constant') return shift;
  return kind === 'normal' ? shift + scale * z : shift + scale * Math.exp(sigma * z);
}

/**
 * Writes the unfloored Q(z) at the table's grid points into `out[offset, offset + Z_TABLE_POINTS)`, replacing exp()
 * in the hot loop by a lookup. Samplers apply the floor after interpolating, which keeps the atom at the floor exact.
 * On the evenly spaced grid e^(σz) is a geometric sequence, so one exp() and a multiplication per point suffice.
 */
export function writeNormalScoreTable(
  distribution: PointsDistribution,
  out: Float64Array,
  offset: number,
): void {
  const { kind, shift, scale, sigma } = distribution;
  if (kind !== 'shifted-lognormal') {
    for (let i = 0; i < Z_TABLE_POINTS; i++) {
      out[offset + i] = unflooredQuantile(distribution, -Z_TABLE_RANGE + i * Z_TABLE_STEP);
    }
    return;
  }
  const ratio = Math.exp(sigma * Z_TABLE_STEP);
  let growth = scale * Math.exp(-sigma * Z_TABLE_RANGE);
  for (let i = 0; i < Z_TABLE_POINTS; i++) {
    out[offset + i] = shift + growth;
    growth *= ratio;
  }
}
