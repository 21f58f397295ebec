import { describe, expect, it } from 'vitest';
import { sampleQuantiles } from '../math/order-statistics.js';
import {
  distributionCdf,
  distributionMoments,
  distributionQuantile,
  fitPointsDistribution,
  probabilityBelow,
} from './points-distribution.js';
import { POSITION_BASELINE, SCORING_FLOOR } from './positions.js';
import {
  unflooredQuantile,
  writeNormalScoreTable,
  Z_TABLE_POINTS,
  Z_TABLE_RANGE,
  Z_TABLE_STEP,
} from './normal-score-table.js';
import { samplePoints } from './sample-points.js';

const N = 400_000;

describe('player points distributions', () => {
  it('pass exactly through the given p10/p50/p90 and are right-skewed', () => {
    const distribution = fitPointsDistribution('WR', {
      predMean: 14,
      predStd: 7,
      p10: 5,
      p50: 12.5,
      p90: 25,
    });
    expect(distribution.kind).toBe('shifted-lognormal');
    expect(distribution.source).toBe('quantiles');
    expect(distributionQuantile(distribution, 0.1)).toBeCloseTo(5, 9);
    expect(distributionQuantile(distribution, 0.5)).toBeCloseTo(12.5, 9);
    expect(distributionQuantile(distribution, 0.9)).toBeCloseTo(25, 9);
    const { mean } = distributionMoments(distribution);
    expect(mean).toBeGreaterThan(12.5);
  });

  it('sample quantiles match the distribution within 4 standard errors, moments within ±0.05 (n = 400,000)', () => {
    const projection = { p10: 5, p50: 12.5, p90: 25, position: 'WR' };
    const distribution = fitPointsDistribution('WR', projection);
    const draws = samplePoints(projection, N, 11);
    const probabilities = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];
    const sampled = sampleQuantiles(draws, probabilities);
    probabilities.forEach((p, index) => {
      const quantile = distributionQuantile(distribution, p);
      const density =
        (distributionCdf(distribution, quantile + 0.01) - distributionCdf(distribution, quantile - 0.01)) /
        0.02;
      // Asymptotic standard error of a sample quantile: √(p(1−p)/n) / f(q).
      const standardError = Math.sqrt((p * (1 - p)) / N) / density;
      expect(Math.abs(sampled[index]! - quantile)).toBeLessThan(4 * standardError);
    });
    const { mean, std } = distributionMoments(distribution);
    const sampleMean = draws.reduce((total, x) => total + x, 0) / N;
    const sampleStd = Math.sqrt(draws.reduce((total, x) => total + (x - sampleMean) ** 2, 0) / (N - 1));
    expect(Math.abs(sampleMean - mean)).toBeLessThan(0.05);
    expect(Math.abs(sampleStd - std)).toBeLessThan(0.05);
  });

  it('match a projected mean and standard deviation exactly, floored at the position minimum', () => {
    const distribution = fitPointsDistribution('RB', { predMean: 11.2, predStd: 6.1 });
    const { mean, std } = distributionMoments(distribution);
    expect(mean).toBeCloseTo(11.2, 9);
    expect(std).toBeCloseTo(6.1, 9);
    const draws = samplePoints({ position: 'RB', predMean: 11.2, predStd: 6.1 }, N, 5);
    expect(draws.reduce((low, x) => Math.min(low, x), Infinity)).toBeGreaterThanOrEqual(SCORING_FLOOR.RB);
    expect(sampleQuantiles(draws, [0.5])[0]).toBeLessThan(11.2);
  });

  it('put an atom at the floor when the quantiles reach below it, and count it in the moments', () => {
    const distribution = fitPointsDistribution('TE', { p10: -1, p50: 4, p90: 14 });
    expect(distributionCdf(distribution, 0)).toBeGreaterThan(0.1);
    expect(distributionCdf(distribution, -0.01)).toBe(0);
    const draws = samplePoints({ position: 'TE', p10: -1, p50: 4, p90: 14 }, N, 9);
    const atFloor = draws.filter((x) => x === 0).length / N;
    // Binomial standard error ≈ 0.0006; allow 4 of them.
    expect(Math.abs(atFloor - distributionCdf(distribution, 0))).toBeLessThan(0.0024);
    const sampleMean = draws.reduce((total, x) => total + x, 0) / N;
    expect(Math.abs(sampleMean - distributionMoments(distribution).mean)).toBeLessThan(0.05);
  });

  it('allow a QB slightly negative points (interceptions) but not below his floor', () => {
    const distribution = fitPointsDistribution('QB', { p10: -3, p50: 14, p90: 26 });
    expect(distributionQuantile(distribution, 0.01)).toBe(SCORING_FLOOR.QB);
    expect(SCORING_FLOOR.QB).toBeLessThan(0);
  });

  it('are zero on a bye or when ruled out, and the actual score once the game is over', () => {
    const projection = { predMean: 18, predStd: 7 };
    for (const status of [{ isOnBye: true }, { isOut: true }]) {
      const distribution = fitPointsDistribution('QB', projection, status);
      expect(distributionMoments(distribution)).toEqual({ mean: 0, std: 0 });
      expect(distribution.source).toBe('inactive');
    }
    const final = fitPointsDistribution('QB', projection, { isFinal: true, actualPoints: 31.4 });
    expect(distributionMoments(final)).toEqual({ mean: 31.4, std: 0 });
    expect(probabilityBelow(final, 31.4)).toBe(0);
    expect(probabilityBelow(final, 31.5)).toBe(1);
  });

  it('fall back to the positional baseline, flagged, when there is no projection', () => {
    const distribution = fitPointsDistribution('DEF', {});
    expect(distribution.source).toBe('baseline');
    const { mean, std } = distributionMoments(distribution);
    expect(mean).toBeCloseTo(POSITION_BASELINE.DEF.mean, 9);
    expect(std).toBeCloseTo(POSITION_BASELINE.DEF.std, 9);
  });

  it('use a symmetric normal for symmetric quantiles', () => {
    const distribution = fitPointsDistribution('K', { p10: 4, p50: 8, p90: 12 });
    expect(distribution.kind).toBe('normal');
    expect(distributionQuantile(distribution, 0.75) - 8).toBeCloseTo(
      8 - distributionQuantile(distribution, 0.25),
      9,
    );
  });
});

describe('normal-score tables', () => {
  it('hold Q(z) at every grid point to 1e-12 relative', () => {
    for (const distribution of [
      fitPointsDistribution('WR', { p10: 2, p50: 9, p90: 31 }),
      fitPointsDistribution('K', { p10: 4, p50: 8, p90: 12 }),
    ]) {
      const table = new Float64Array(Z_TABLE_POINTS);
      writeNormalScoreTable(distribution, table, 0);
      table.forEach((value, i) => {
        const exact = unflooredQuantile(distribution, -Z_TABLE_RANGE + i * Z_TABLE_STEP);
        expect(Math.abs(value - exact)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(exact)));
      });
    }
  });
});
