import { describe, expect, it } from 'vitest';
import { DEFAULT_ITERATIONS } from '@fm/engine';
import { winProbabilityStandardError } from './win-probability-precision';

describe('win probability precision', () => {
  it('is at most ±0.5 points at 10,000 runs, reached at a coin flip', () => {
    expect(winProbabilityStandardError(0.5, DEFAULT_ITERATIONS)).toBeCloseTo(0.5, 12);
    for (let p = 0; p <= 1; p += 0.01)
      expect(winProbabilityStandardError(p)).toBeLessThanOrEqual(0.5 + 1e-12);
    expect(winProbabilityStandardError(0.9)).toBeCloseTo(0.3, 12);
    expect(winProbabilityStandardError(1)).toBe(0);
  });

  it('halves when the runs are quadrupled', () => {
    expect(winProbabilityStandardError(0.7, 40_000)).toBeCloseTo(
      winProbabilityStandardError(0.7, 10_000) / 2,
      12,
    );
  });
});
