import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import type { SleeperLeague, SleeperNflState } from '../../integrations/sleeper/schemas.js';
import { defaultSleeperWeek, isSleeperWeekComplete } from './details-sleeper.js';

const league = (overrides: Partial<SleeperLeague> = {}): SleeperLeague => ({
  ...(readFixture('sleeper/season2025_league.json') as SleeperLeague),
  status: 'in_season',
  ...overrides,
});
const state = (overrides: Partial<SleeperNflState>): SleeperNflState => ({
  season: '2025',
  league_season: '2025',
  season_type: 'regular',
  week: 6,
  ...overrides,
});

describe('the week a Sleeper league page opens on', () => {
  it('is the NFL week for a league of the season being played', () => {
    expect(defaultSleeperWeek(league(), state({ week: 6 }))).toBe(6);
  });

  it('is week 1 before the season, and the last regular week of a past season', () => {
    expect(defaultSleeperWeek(league(), state({ season_type: 'pre', week: 0 }))).toBe(1);
    expect(defaultSleeperWeek(league(), state({ season: '2026', league_season: '2026', week: 3 }))).toBe(14);
    expect(defaultSleeperWeek(league(), null)).toBe(1);
  });

  it('stays on the last regular-season week during the play-offs: week 18 since 2021, week 17 before', () => {
    expect(defaultSleeperWeek(league(), state({ season_type: 'post', week: 20 }))).toBe(18);
    const past = { season: '2020', league_season: '2020', season_type: 'post', week: 19 };
    expect(defaultSleeperWeek(league({ season: '2020' }), state(past))).toBe(17);
  });
});

describe('whether a week is over', () => {
  it('is true for earlier weeks, completed leagues and past seasons only', () => {
    expect(isSleeperWeekComplete(league(), state({ week: 6 }), 5)).toBe(true);
    expect(isSleeperWeekComplete(league(), state({ week: 6 }), 6)).toBe(false);
    expect(isSleeperWeekComplete(league({ status: 'complete' }), state({ week: 6 }), 6)).toBe(true);
    expect(isSleeperWeekComplete(league(), state({ season: '2026', league_season: '2026' }), 17)).toBe(true);
    expect(isSleeperWeekComplete(league(), state({ season_type: 'off', week: 0 }), 1)).toBe(false);
    expect(isSleeperWeekComplete(league(), null, 1)).toBe(false);
  });
});
