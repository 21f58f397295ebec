import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { PPR_SCORING, scoreStatLine, scoringOfType, toLeagueScoring } from './scoring.js';

const offseasonLeague = readFixture('sleeper/league.json').scoring_settings as Record<string, number>;
const inSeasonLeague = readFixture('sleeper/season2025_league.json').scoring_settings as Record<
  string,
  number
>;

describe('scoreStatLine', () => {
  it('scores a full-PPR line the way the reference data does', () => {
    const line = { pass_yd: 300, pass_td: 2, pass_int: 1, rush_yd: 20, rush_td: 1, fum_lost: 1, two_pt: 1 };
    // 12 + 8 − 2 + 2 + 6 − 2 + 2
    expect(scoreStatLine(line, PPR_SCORING, 'QB')).toBe(26);
    expect(scoreStatLine(line, inSeasonLeague, 'QB')).toBe(26);
  });

  it('applies a league’s own rules: 5-point passing TDs, half PPR and a tight-end premium', () => {
    expect(scoreStatLine({ pass_td: 3 }, offseasonLeague, 'QB')).toBe(15);
    expect(scoreStatLine({ rec: 6, rec_yd: 60 }, offseasonLeague, 'WR')).toBe(9);
    expect(scoreStatLine({ rec: 6, rec_yd: 60 }, offseasonLeague, 'TE')).toBe(12);
  });

  it('scores kickers by distance, falling back to a league-wide miss penalty', () => {
    const kicks = { pat_made: 3, pat_missed: 1, fg_made_40_49: 1, fg_made_50: 1, fg_miss_30_39: 1 };
    expect(scoreStatLine(kicks, offseasonLeague, 'K')).toBe(3 - 1 + 4 + 5 - 1);
    // The 2025 league scores 50+ yard kicks as fgm_50_59 and misses at 0.
    expect(scoreStatLine(kicks, inSeasonLeague, 'K')).toBe(3 + 0 + 4 + 5 + 0);
  });
});

describe('toLeagueScoring', () => {
  const ppr = { mean: 14, std: 5, p10: 7, p50: 13, p90: 21 };

  it('moves the center by what the rules change on the projected line and scales the spread', () => {
    const scored = toLeagueScoring(ppr, { rec: 6, rec_yd: 80 }, offseasonLeague, 'WR');
    expect(scored).toMatchObject({ mean: 11, p50: 10, isLeagueScored: true });
    expect(scored.std).toBeCloseTo(5 * (11 / 14), 2);
    expect(scored.p90! - scored.p10!).toBeCloseTo((21 - 7) * (11 / 14), 1);
  });

  it('keeps the PPR projection when there is no stat line or no scoring', () => {
    expect(toLeagueScoring(ppr, null, offseasonLeague, 'WR')).toEqual({ ...ppr, isLeagueScored: false });
    expect(toLeagueScoring(ppr, { rec: 6 }, {}, 'WR')).toEqual({ ...ppr, isLeagueScored: false });
  });
});

describe('scoringOfType', () => {
  it('scores a reception 1, 0.5 or 0 points and keeps the rest of PPR', () => {
    const line = { rec: 6, rec_yd: 80, rec_td: 1 };
    expect(scoreStatLine(line, scoringOfType('ppr'), 'WR')).toBe(20);
    expect(scoreStatLine(line, scoringOfType('half-ppr'), 'WR')).toBe(17);
    expect(scoreStatLine(line, scoringOfType('standard'), 'WR')).toBe(14);
  });
});
