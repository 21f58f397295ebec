import { describe, expect, it } from 'vitest';
import { designMatrix, fitLeastSquares, fitQuantile, predictLinear } from './linear-fits.js';

/** Mulberry32, a small seeded generator, so the sample is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// y = 2 + 3x + e with e ~ Exponential(mean 4): skewed like fantasy points.
const random = seededRandom(42);
const xs = Array.from({ length: 4000 }, () => random() * 10);
const ys = xs.map((x) => 2 + 3 * x - 4 * Math.log(1 - random()));
const design = designMatrix(xs.map((x) => [x]));
const targets = Float64Array.from(ys);

describe('fitLeastSquares', () => {
  it('recovers slope and the mean intercept (2 + 4) of a linear model', () => {
    const [intercept, slope] = fitLeastSquares(design, targets);
    expect(slope).toBeCloseTo(3, 1);
    expect(intercept).toBeCloseTo(6, 0);
  });
});

describe('fitQuantile', () => {
  it.each([0.1, 0.5, 0.9])('leaves a share τ = %s of the points below the fitted line (±2 pp)', (tau) => {
    const coefficients = fitQuantile(design, targets, tau);
    const below = xs.filter((x, i) => (ys[i] ?? 0) < predictLinear(coefficients, [x])).length / xs.length;
    expect(Math.abs(below - tau)).toBeLessThan(0.02);
    // The exponential's τ-quantile is −4 ln(1 − τ): the intercept should sit near 2 plus that.
    expect(coefficients[0]).toBeCloseTo(2 - 4 * Math.log(1 - tau), 0);
  });

  it('converges to the same fit from a warm start', () => {
    const cold = fitQuantile(design, targets, 0.9);
    const warm = fitQuantile(design, targets, 0.9, cold);
    expect(warm[1]).toBeCloseTo(cold[1] ?? 0, 2);
  });
});
