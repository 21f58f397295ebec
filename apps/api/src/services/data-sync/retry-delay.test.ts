import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, retryDelayMs } from './retry-delay.js';

const HOUR_MS = 60 * 60_000;

describe('the wait before a failed sync is tried again', () => {
  it('is a minute after one failure and doubles with each failure in a row', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, HOUR_MS))).toEqual([
      FIRST_RETRY_MS,
      2 * FIRST_RETRY_MS,
      4 * FIRST_RETRY_MS,
      8 * FIRST_RETRY_MS,
    ]);
  });

  it('is never longer than the regular interval, however many runs failed', () => {
    expect(retryDelayMs(7, HOUR_MS)).toBe(HOUR_MS);
    expect(retryDelayMs(10_000, HOUR_MS)).toBe(HOUR_MS);
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
  });
});
