import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, Z_90 } from './normal.js';

describe('normal CDF and quantile', () => {
  it('reproduces tabulated values of Φ to 1e-12', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 12);
    expect(normalCdf(-2)).toBeCloseTo(0.022750131948179195, 12);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalCdf(-8)).toBeCloseTo(6.22096057427178e-16, 20);
  });

  it('inverts Φ to 1e-12 across (0, 1), tails included', () => {
    for (const p of [1e-12, 1e-6, 0.001, 0.02425, 0.1, 0.3, 0.5, 0.77, 0.9, 0.999, 1 - 1e-9]) {
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 12);
    }
    expect(normalQuantile(0.9)).toBeCloseTo(Z_90, 12);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
  });
});
