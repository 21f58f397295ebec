import { normalQuantile } from '../math/normal.js';
import { Z_TABLE_CELLS, Z_TABLE_RANGE, Z_TABLE_STEP } from './normal-score-table.js';

/** Cells of a player's inverse-CDF table over u ∈ [0, 1]: the top 11 bits of a 32-bit word pick the cell. */
export const U_TABLE_BITS = 11;
export const U_TABLE_CELLS = 1 << U_TABLE_BITS;
export const U_TABLE_POINTS = U_TABLE_CELLS + 1;

let normalScoreGrid: Float64Array | null = null;

/** Φ⁻¹(i / U_TABLE_CELLS) for the inner grid points, computed once per process (the ends are never interpolated). */
function getNormalScoreGrid(): Float64Array {
  if (normalScoreGrid) return normalScoreGrid;
  const grid = new Float64Array(U_TABLE_POINTS);
  grid[0] = -Z_TABLE_RANGE;
  grid[U_TABLE_CELLS] = Z_TABLE_RANGE;
  for (let i = 1; i < U_TABLE_CELLS; i++) grid[i] = normalQuantile(i / U_TABLE_CELLS);
  normalScoreGrid = grid;
  return grid;
}

/** Q(z) by linear interpolation in a normal-score table (z within ±Z_TABLE_RANGE). */
export function interpolateNormalScoreTable(table: Float64Array, offset: number, z: number): number {
  const position = Math.min((z + Z_TABLE_RANGE) / Z_TABLE_STEP, Z_TABLE_CELLS - 1e-9);
  const cell = Math.floor(position);
  const low = table[offset + cell]!;
  return low + (table[offset + cell + 1]! - low) * (position - cell);
}

/**
 * Writes the unfloored Q(Φ⁻¹(i / U_TABLE_CELLS)), read from the player's normal-score table, so a player drawn on
 * his own needs one uniform word and a lookup (then the floor); the two end cells are sampled exactly instead.
 */
export function writeUniformTable(
  normalScoreTable: Float64Array,
  normalScoreOffset: number,
  out: Float64Array,
  offset: number,
): void {
  const grid = getNormalScoreGrid();
  for (let i = 0; i < U_TABLE_POINTS; i++) {
    out[offset + i] = interpolateNormalScoreTable(normalScoreTable, normalScoreOffset, grid[i]!);
  }
}
