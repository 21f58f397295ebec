import { describe, expect, it } from 'vitest';
import { readWeeks } from '../testing/nfl-data.js';
import { summarizeBacktest } from './summarize-backtest.js';
import { MIN_EXPERT_PROJECTION, walkForward } from './walk-forward.js';

describe('walkForward', () => {
  // Five weeks of 2024: the model for each week trains on the weeks before it only.
  const weeks = readWeeks(2024, 5);
  const result = walkForward(weeks, [2024]);

  it('scores only the reference population, every week that has results', () => {
    expect(result.weeksEvaluated).toBe(5);
    expect(new Set(result.rows.map((row) => row.week))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const row of result.rows) {
      expect(row.consensus).toBeGreaterThanOrEqual(MIN_EXPERT_PROJECTION);
      expect(row.actual).toBeGreaterThan(0);
    }
  });

  it('summarizes the three methods on the same rows, with kickers kept apart', () => {
    const summary = summarizeBacktest(result.rows);
    const headlineRows = result.rows.filter((row) => row.position !== 'K').length;
    expect(summary.overall.rows).toBe(headlineRows);
    expect(summary.kickers?.rows).toBe(result.rows.length - headlineRows);
    for (const method of ['model', 'nflcom', 'seasonAverage'] as const) {
      const metrics = summary.overall.methods[method];
      if (!metrics) throw new Error(`${method} not summarized`);
      expect(metrics.mae).toBeGreaterThan(3);
      expect(metrics.mae).toBeLessThan(8);
      expect(metrics.pairwiseAccuracy).toBeGreaterThan(0.5);
    }
    expect(summary.overall.intervalCoverage).toBeGreaterThan(0.6);
    expect(summary.overall.intervalCoverage).toBeLessThan(0.95);
  });
});
