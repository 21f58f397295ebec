import { describe, expect, it } from 'vitest';
import { DIRECTORY_MS, GAME_DAY_DIRECTORY_MS, directoryMaxAgeMs } from './directory-cadence.js';

// Sunday 2025-09-07: kickoffs at 13:00 and 16:25 US Eastern (17:00 and 20:25 UTC), Sunday night at 20:20 ET.
const SUNDAY_KICKOFFS = ['2025-09-07T17:00:00Z', '2025-09-07T20:25:00Z', '2025-09-08T00:20:00Z'].map(
  (at) => new Date(at),
);

describe('how fresh injury statuses are kept', () => {
  it('re-reads the directory every 15 minutes from a game day’s morning until its last kickoff', () => {
    expect(directoryMaxAgeMs(new Date('2025-09-07T12:30:00Z'), SUNDAY_KICKOFFS)).toBe(GAME_DAY_DIRECTORY_MS); // 08:30 ET
    expect(directoryMaxAgeMs(new Date('2025-09-07T23:00:00Z'), SUNDAY_KICKOFFS)).toBe(GAME_DAY_DIRECTORY_MS); // 19:00 ET
    expect(GAME_DAY_DIRECTORY_MS).toBe(15 * 60_000);
  });

  it('re-reads it hourly otherwise: before the morning, after the last kickoff, on days without games', () => {
    expect(directoryMaxAgeMs(new Date('2025-09-07T11:00:00Z'), SUNDAY_KICKOFFS)).toBe(DIRECTORY_MS); // 07:00 ET
    expect(directoryMaxAgeMs(new Date('2025-09-08T01:00:00Z'), SUNDAY_KICKOFFS)).toBe(DIRECTORY_MS); // 21:00 ET
    expect(directoryMaxAgeMs(new Date('2025-09-09T15:00:00Z'), SUNDAY_KICKOFFS)).toBe(DIRECTORY_MS); // Tuesday
    expect(DIRECTORY_MS).toBe(60 * 60_000);
  });
});
