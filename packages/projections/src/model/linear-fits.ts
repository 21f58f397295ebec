import { Matrix, solve } from 'ml-matrix';

/** Residuals smaller than this (in points) stop gaining weight in the reweighting, which keeps IRLS stable. */
const IRLS_MIN_RESIDUAL = 0.1;
/** Passes from a least-squares start; a start from last week's fit needs far fewer. */
const IRLS_COLD_ITERATIONS = 20;
const IRLS_WARM_ITERATIONS = 6;
/** A whisper of ridge keeps the normal equations solvable when a 0/1 column is constant in the sample. */
const RIDGE = 1e-3;

/** Rows of features with a leading 1 for the intercept, stored flat for the fitting loops. */
export interface DesignMatrix {
  rowCount: number;
  columnCount: number;
  values: Float64Array;
}

export function designMatrix(rows: readonly (readonly number[])[]): DesignMatrix {
  const columnCount = (rows[0]?.length ?? 0) + 1;
  const values = new Float64Array(rows.length * columnCount);
  rows.forEach((row, i) => {
    values[i * columnCount] = 1;
    for (let j = 0; j < row.length; j++) values[i * columnCount + j + 1] = row[j] ?? 0;
  });
  return { rowCount: rows.length, columnCount, values };
}

/** Coefficients of y ≈ b0 + Σ bj xj by ordinary least squares; b0 first. */
export function fitLeastSquares(design: DesignMatrix, targets: Float64Array): number[] {
  return solveWeighted(design, targets, null);
}

/**
 * Linear quantile regression (Koenker & Bassett 1978) by iteratively reweighted least
 * squares: each pass weights a row by τ/|r| above the fit and (1−τ)/|r| below it,
 * which turns the check loss into a weighted square loss (Schlossmacher 1973 for τ = ½).
 */
export function fitQuantile(
  design: DesignMatrix,
  targets: Float64Array,
  tau: number,
  warmStart?: readonly number[],
): number[] {
  let coefficients = warmStart ? [...warmStart] : fitLeastSquares(design, targets);
  const iterations = warmStart ? IRLS_WARM_ITERATIONS : IRLS_COLD_ITERATIONS;
  const weights = new Float64Array(design.rowCount);
  const fitted = new Float64Array(design.rowCount);
  for (let iteration = 0; iteration < iterations; iteration++) {
    predictRows(design, coefficients, fitted);
    for (let i = 0; i < design.rowCount; i++) {
      const residual = (targets[i] ?? 0) - (fitted[i] ?? 0);
      weights[i] = (residual > 0 ? tau : 1 - tau) / Math.max(Math.abs(residual), IRLS_MIN_RESIDUAL);
    }
    coefficients = solveWeighted(design, targets, weights);
  }
  return coefficients;
}

/** b0 + Σ bj xj for one feature row (without the leading 1). */
export function predictLinear(coefficients: readonly number[], row: readonly number[]): number {
  let value = coefficients[0] ?? 0;
  for (let j = 0; j < row.length; j++) value += (coefficients[j + 1] ?? 0) * (row[j] ?? 0);
  return value;
}

/** Fitted values of every design row into `out`. */
export function predictRows(design: DesignMatrix, coefficients: readonly number[], out: Float64Array): void {
  const { rowCount, columnCount, values } = design;
  for (let i = 0; i < rowCount; i++) {
    let sum = 0;
    const offset = i * columnCount;
    for (let j = 0; j < columnCount; j++) sum += (values[offset + j] ?? 0) * (coefficients[j] ?? 0);
    out[i] = sum;
  }
}

/** Solves the weighted normal equations (XᵀWX + λI) b = XᵀWy with ml-matrix. */
function solveWeighted(design: DesignMatrix, targets: Float64Array, weights: Float64Array | null): number[] {
  const { rowCount, columnCount: p, values } = design;
  const gram = new Float64Array(p * p);
  const moment = new Float64Array(p);
  for (let i = 0; i < rowCount; i++) {
    const weight = weights ? (weights[i] ?? 0) : 1;
    const target = targets[i] ?? 0;
    const offset = i * p;
    for (let j = 0; j < p; j++) {
      const weightedX = (values[offset + j] ?? 0) * weight;
      moment[j] = (moment[j] ?? 0) + weightedX * target;
      for (let k = j; k < p; k++)
        gram[j * p + k] = (gram[j * p + k] ?? 0) + weightedX * (values[offset + k] ?? 0);
    }
  }
  const left = new Matrix(p, p);
  for (let j = 0; j < p; j++) {
    for (let k = j; k < p; k++) {
      const value = (gram[j * p + k] ?? 0) + (j === k && j > 0 ? RIDGE : 0);
      left.set(j, k, value);
      left.set(k, j, value);
    }
  }
  return solve(left, Matrix.columnVector(Array.from(moment))).getColumn(0);
}
