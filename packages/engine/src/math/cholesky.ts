// Pivots below this are treated as zero: the matrix is not (numerically) positive-definite.
const MIN_PIVOT = 1e-10;
// Each repair step moves the matrix this much further toward the identity.
const SHRINKAGE_STEP = 0.05;

// Cholesky–Banachiewicz factorization A = L·Lᵀ (Golub & Van Loan, Matrix Computations, alg. 4.2.1); row-major n×n in and out; false if A is not positive-definite.
export function choleskyFactor(matrix: Float64Array, size: number, factor: Float64Array): boolean {
  factor.fill(0, 0, size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * size + j]!;
      for (let k = 0; k < j; k++) sum -= factor[i * size + k]! * factor[j * size + k]!;
      if (i === j) {
        if (!(sum > MIN_PIVOT)) return false;
        factor[i * size + i] = Math.sqrt(sum);
      } else {
        factor[i * size + j] = sum / factor[j * size + j]!;
      }
    }
  }
  return true;
}

/**
 * Cholesky factor of a correlation matrix built from pairwise estimates, which need not be jointly consistent.
 * If it is not positive-definite, the off-diagonal entries are shrunk toward zero, R(λ) = (1−λ)·R + λ·I, in steps
 * of 0.05 until it is (linear shrinkage as in Ledoit & Wolf 2004); returns the λ used (0 when no repair was needed).
 */
export function choleskyOfCorrelation(correlation: Float64Array, size: number, factor: Float64Array): number {
  const shrunk = new Float64Array(size * size);
  for (let step = 0; ; step++) {
    const shrinkage = Math.min(1, step * SHRINKAGE_STEP);
    for (let i = 0; i < size * size; i++) shrunk[i] = correlation[i]! * (1 - shrinkage);
    for (let i = 0; i < size; i++) shrunk[i * size + i] = 1;
    if (choleskyFactor(shrunk, size, factor)) return shrinkage;
  }
}
