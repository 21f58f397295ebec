import { describe, expect, it } from 'vitest';
import { pointsSoFar } from './points-so-far.js';

describe('pointsSoFar: one precedence for the server and the browser', () => {
  it('while the week is open: our live stats first, the platform where we have no line, else nothing', () => {
    const open = { isWeekComplete: false };
    expect(pointsSoFar(3.2, 11.4, open)).toBe(11.4);
    expect(pointsSoFar(6, undefined, open)).toBe(6);
    expect(pointsSoFar(null, null, open)).toBeNull();
    expect(pointsSoFar(Number.NaN, 0, open)).toBe(0);
  });

  it('once the platform has closed the week: its own official number, ours only where it has none', () => {
    const closed = { isWeekComplete: true };
    expect(pointsSoFar(3.2, 11.4, closed)).toBe(3.2);
    expect(pointsSoFar(undefined, 11.4, closed)).toBe(11.4);
  });
});
