import { describe, expect, it } from 'vitest';
import {
  groupedSpearman,
  intervalCoverage,
  meanAbsoluteError,
  pairwiseAccuracy,
  rootMeanSquaredError,
  type ScoredPrediction,
} from './accuracy-metrics.js';

const week = (group: string, pairs: [number, number][]): ScoredPrediction[] =>
  pairs.map(([predicted, actual]) => ({ group, predicted, actual }));

describe('error metrics', () => {
  it('MAE and RMSE of errors 1, −3 and 0', () => {
    const rows = week('a', [
      [11, 10],
      [5, 8],
      [7, 7],
    ]);
    expect(meanAbsoluteError(rows)).toBeCloseTo(4 / 3, 10);
    expect(rootMeanSquaredError(rows)).toBeCloseTo(Math.sqrt(10 / 3), 10);
  });
});

describe('pairwiseAccuracy', () => {
  it('is 1 for a perfect order, 0 for a reversed one, and counts projection ties as half', () => {
    expect(
      pairwiseAccuracy(
        week('a', [
          [3, 30],
          [2, 20],
          [1, 10],
        ]),
      ),
    ).toBe(1);
    expect(
      pairwiseAccuracy(
        week('a', [
          [1, 30],
          [2, 20],
          [3, 10],
        ]),
      ),
    ).toBe(0);
    expect(
      pairwiseAccuracy(
        week('a', [
          [5, 30],
          [5, 20],
        ]),
      ),
    ).toBe(0.5);
  });

  it('only compares players within the same group and skips pairs that scored the same', () => {
    // Across groups the order is wrong (9 > 1 but 5 < 50); within each group it is right.
    const rows = [
      ...week('QB', [
        [9, 5],
        [8, 4],
      ]),
      ...week('RB', [
        [1, 50],
        [0, 40],
        [2, 40],
      ]),
    ];
    // QB: 1 pair right. RB: (1,50)>(0,40) right, (1,50) vs (2,40) wrong, (0,40)-(2,40) skipped → 2 of 3.
    expect(pairwiseAccuracy(rows)).toBeCloseTo(2 / 3, 10);
  });
});

describe('groupedSpearman', () => {
  it('averages per-group rank correlations weighted by group size', () => {
    const perfect = week('w1', [
      [1, 2],
      [2, 4],
      [3, 9],
      [4, 10],
      [5, 11],
    ]);
    const reversed = week('w2', [
      [1, 50],
      [2, 40],
      [3, 30],
      [4, 20],
      [5, 10],
      [6, 0],
      [7, -1],
      [8, -2],
      [9, -3],
      [10, -4],
    ]);
    expect(groupedSpearman(perfect)).toBeCloseTo(1, 10);
    expect(groupedSpearman([...perfect, ...reversed])).toBeCloseTo((5 * 1 + 10 * -1) / 15, 10);
  });
});

describe('intervalCoverage', () => {
  it('counts the bounds as inside', () => {
    const rows = [
      { low: 0, high: 10, actual: 0 },
      { low: 0, high: 10, actual: 10 },
      { low: 0, high: 10, actual: 10.5 },
      { low: 2, high: 10, actual: 1 },
    ];
    expect(intervalCoverage(rows)).toBe(0.5);
  });
});
