import { describe, expect, it } from 'vitest';
import { LAST_FANTASY_WEEK, LAST_NFL_WEEK, nflSeasonOn, regularSeasonWeeks } from './nfl-calendar.js';
import { fantasyWeekParam, seasonParam, weekParam } from './query-params.js';

describe('the NFL calendar', () => {
  it('puts a date in the season in play: from August the new one, before it the one still ending', () => {
    expect(nflSeasonOn(new Date('2026-11-22T12:00:00Z'))).toBe(2026);
    expect(nflSeasonOn(new Date('2027-02-07T12:00:00Z'))).toBe(2026);
    expect(nflSeasonOn(new Date('2026-07-31T23:59:59Z'))).toBe(2025);
    expect(nflSeasonOn(new Date('2026-08-01T00:00:00Z'))).toBe(2026);
  });

  it('counts 17 regular-season weeks up to 2020 and 18 since', () => {
    expect(regularSeasonWeeks(2020)).toBe(17);
    expect(regularSeasonWeeks(2021)).toBe(18);
  });

  it('takes stats weeks through the post-season and league weeks through the regular season', () => {
    expect(LAST_NFL_WEEK).toBe(22);
    expect(LAST_FANTASY_WEEK).toBe(18);
    expect(weekParam.safeParse('22').data).toBe(22);
    expect(weekParam.safeParse('23').success).toBe(false);
    expect(fantasyWeekParam.safeParse('18').data).toBe(18);
    expect(fantasyWeekParam.safeParse('19').success).toBe(false);
    expect(fantasyWeekParam.safeParse('').data).toBeUndefined();
    expect(seasonParam.safeParse('1999').success).toBe(false);
    expect(seasonParam.safeParse('2025').data).toBe(2025);
  });
});
