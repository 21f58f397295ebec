import { describe, expect, it } from 'vitest';
import { defaultWeek, resolveWeek, type AvailableWeeks } from './available-weeks.js';

const week = (season: number, number: number) => ({ season, week: number });

describe('the week a projections page opens on', () => {
  const published = [week(2026, 11), week(2026, 12), week(2026, 13)];

  it("is the NFL's current week when it has projections, not the newest one projected", () => {
    expect(defaultWeek(published, published, week(2026, 12))).toEqual(week(2026, 12));
  });

  it('is the newest published week when the current week has none (or no sync told it)', () => {
    expect(defaultWeek(published, published, week(2026, 14))).toEqual(week(2026, 13));
    expect(defaultWeek(published, published, null)).toEqual(week(2026, 13));
  });

  it('never is a week only an admin import covers, whatever its number', () => {
    const all = [...published, week(2026, 17), week(2027, 1)];
    expect(defaultWeek(published, all, null)).toEqual(week(2026, 13));
    expect(defaultWeek(published, all, week(2027, 1))).toEqual(week(2026, 13));
  });

  it('is an imported week when nothing else exists', () => {
    expect(defaultWeek([], [week(2025, 3), week(2025, 7)], null)).toEqual(week(2025, 7));
    expect(defaultWeek([], [], null)).toBeNull();
  });
});

describe('the week a projections query means', () => {
  const available: AvailableWeeks = {
    seasons: [
      { season: 2026, weeks: [11, 12, 13, 17] },
      { season: 2025, weeks: [1, 2, 18] },
    ],
    latest: week(2026, 12),
    current: week(2026, 12),
    newestPublishedWeek: { 2026: 13, 2025: 2 },
  };

  it('is the default week when nothing is asked', () => {
    expect(resolveWeek(available, {})).toEqual(week(2026, 12));
  });

  it('is the current week for the current season, and the newest published week of another', () => {
    expect(resolveWeek(available, { season: 2026 })).toEqual(week(2026, 12));
    expect(resolveWeek(available, { season: 2025 })).toEqual(week(2025, 2));
  });

  it('is the week asked for, of the default season when only a week is asked', () => {
    expect(resolveWeek(available, { season: 2025, week: 18 })).toEqual(week(2025, 18));
    expect(resolveWeek(available, { week: 17 })).toEqual(week(2026, 17));
  });
});
