import { describe, expect, it } from 'vitest';
import { choleskyOfCorrelation } from './cholesky.js';

function multiplyByTranspose(factor: Float64Array, size: number): Float64Array {
  const product = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      let sum = 0;
      for (let k = 0; k < size; k++) sum += factor[i * size + k]! * factor[j * size + k]!;
      product[i * size + j] = sum;
    }
  return product;
}

describe('choleskyOfCorrelation', () => {
  it('factors a positive-definite correlation matrix exactly (L·Lᵀ = R, no shrinkage)', () => {
    const matrix = Float64Array.of(1, 0.4, 0.2, 0.4, 1, -0.1, 0.2, -0.1, 1);
    const factor = new Float64Array(9);
    expect(choleskyOfCorrelation(matrix, 3, factor)).toBe(0);
    multiplyByTranspose(factor, 3).forEach((value, index) => expect(value).toBeCloseTo(matrix[index]!, 12));
  });

  it('repairs an inconsistent matrix by the smallest shrinkage step that makes it positive-definite', () => {
    // Pairwise 0.9, 0.9 and −0.9 cannot hold together.
    const matrix = Float64Array.of(1, 0.9, 0.9, 0.9, 1, -0.9, 0.9, -0.9, 1);
    const factor = new Float64Array(9);
    const shrinkage = choleskyOfCorrelation(matrix, 3, factor);
    expect(shrinkage).toBeGreaterThan(0);
    const product = multiplyByTranspose(factor, 3);
    expect(product[1]).toBeCloseTo(0.9 * (1 - shrinkage), 12);
    expect(product[0]).toBeCloseTo(1, 12);
    const smaller = new Float64Array(9);
    // One step less would not have worked.
    const lessShrunk = matrix.map((value, index) => (index % 4 === 0 ? 1 : value * (1 - (shrinkage - 0.05))));
    expect(choleskyOfCorrelation(lessShrunk, 3, smaller)).toBeGreaterThan(0);
  });
});
