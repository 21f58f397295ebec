import { describe, expect, it } from 'vitest';
import { roundPoints } from './round-points.js';

describe('roundPoints', () => {
  it('keeps fantasy points to the hundredth, negative ones too', () => {
    expect(roundPoints(17.456)).toBe(17.46);
    expect(roundPoints(17.454)).toBe(17.45);
    expect(roundPoints(0.1 + 0.2)).toBe(0.3);
    expect(roundPoints(-2.346)).toBe(-2.35);
    expect(roundPoints(12)).toBe(12);
  });
});
