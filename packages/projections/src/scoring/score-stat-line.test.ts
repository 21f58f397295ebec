import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWeeklyCsv, type WeeklyStatRow } from '../csv/parse-nflcom-csv.js';
import { REPO_ROOT } from '../files/default-data-dir.js';
import { emptyStatLine } from '../stats/stat-line.js';
import { NFL_DATA_DIR } from '../testing/nfl-data.js';
import { scoreStatLine, unsupportedScoringKeys } from './score-stat-line.js';
import { SCORING_PRESETS, type ScoringRules } from './scoring-rules.js';

function realRow(relativeFile: string, nflId: number): WeeklyStatRow {
  const [season, week] = relativeFile.split('/').map(Number);
  const file = path.join(NFL_DATA_DIR, relativeFile);
  const { rows } = parseWeeklyCsv(readFileSync(file, 'utf8'), { file, season: season ?? 0, week: week ?? 0 });
  const row = rows.find((candidate) => candidate.nflId === nflId);
  if (!row) throw new Error(`${nflId} not in ${relativeFile}`);
  return row;
}

function sleeperScoring(fixture: string): ScoringRules {
  const file = path.resolve(REPO_ROOT, '../shared/fixtures/sleeper', fixture);
  return (JSON.parse(readFileSync(file, 'utf8')) as { scoring_settings: ScoringRules }).scoring_settings;
}

const score = (row: WeeklyStatRow, rules: ScoringRules) => scoreStatLine(row, rules, row.position);

describe('scoreStatLine on real NFL.com rows', () => {
  it('Josh Allen, 2024 week 1: a quarterback with a lost fumble', () => {
    // 232 pass yd, 2 pass TD, 39 rush yd, 2 rush TD, 1 fumble lost:
    // 232×0.04 + 2×4 + 39×0.1 + 2×6 − 2 = 9.28 + 8 + 3.9 + 12 − 2 = 31.18 (no catches: same in every preset)
    const allen = realRow('2024/1/QB.csv', 2560955);
    expect(score(allen, SCORING_PRESETS.ppr)).toBeCloseTo(31.18, 6);
    expect(score(allen, SCORING_PRESETS.std)).toBeCloseTo(31.18, 6);
  });

  it('James Conner, 2024 week 1: rushing, receiving and a two-point conversion', () => {
    // 50 rush yd, 1 rush TD, 3 rec, 33 rec yd, 1 two-point: 5 + 6 + 3.3 + 2 = 16.3, plus 3 × (0 | 0.5 | 1)
    const conner = realRow('2024/1/RB.csv', 2557978);
    expect(score(conner, SCORING_PRESETS.std)).toBeCloseTo(16.3, 6);
    expect(score(conner, SCORING_PRESETS.half)).toBeCloseTo(17.8, 6);
    expect(score(conner, SCORING_PRESETS.ppr)).toBeCloseTo(19.3, 6);
  });

  it('Isaiah Likely, 2024 week 1: a tight end over 100 yards, in a league with TE premium and bonuses', () => {
    // 9 rec, 111 yd, 1 TD. PPR: 9 + 11.1 + 6 = 26.1.
    // league.json: rec 0.5 + bonus_rec_te 0.5 → 9×1 = 9; 11.1; 6; bonus_rec_yd_100 +1 → 27.1
    const likely = realRow('2024/1/TE.csv', 2567283);
    expect(score(likely, SCORING_PRESETS.ppr)).toBeCloseTo(26.1, 6);
    expect(score(likely, sleeperScoring('league.json'))).toBeCloseTo(27.1, 6);
  });

  it('kickers: made kicks by distance, and a missed field goal costs a point', () => {
    // Jake Moody 2024 wk 1: 2 PAT, FG 20-29, 30-39, 2× 40-49, 2× 50+ → 2 + 3 + 3 + 8 + 10 = 26
    expect(score(realRow('2024/1/K.csv', 2570308), SCORING_PRESETS.ppr)).toBeCloseTo(26, 6);
    // Chris Boswell 2024 wk 1: FG 20-29, 2× 40-49, 3× 50+ → 3 + 8 + 15 = 26; the 2025 league names 50+ fgm_50_59
    const boswell = realRow('2024/1/K.csv', 2550545);
    expect(score(boswell, SCORING_PRESETS.ppr)).toBeCloseTo(26, 6);
    expect(score(boswell, sleeperScoring('season2025_league.json'))).toBeCloseTo(26, 6);
    // Wil Lutz 2024 wk 10: 2 PAT, one missed 30-39 FG → 2 − 1 = 1 (the 2025 league does not punish misses: 2)
    const lutz = realRow('2024/10/K.csv', 2556601);
    expect(score(lutz, SCORING_PRESETS.ppr)).toBeCloseTo(1, 6);
    expect(score(lutz, sleeperScoring('season2025_league.json'))).toBeCloseTo(2, 6);
  });
});

describe('scoreStatLine for kickers beyond NFL.com’s columns and for team defenses', () => {
  it('misses at 40–49 and 50+ cost the generic miss unless a league prices them by distance', () => {
    const line = { ...emptyStatLine(), patMade: 3, fgMade50: 1, fgMiss40_49: 1, fgMiss50: 2 };
    // 3 + 5 − 1 − 2 = 5
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'K')).toBe(5);
    // fgmiss_40_49 −2, fgmiss_50p 0: 3 + 5 − 2 = 6
    const byDistance = { ...SCORING_PRESETS.ppr, fgmiss_40_49: -2, fgmiss_50p: 0 };
    expect(scoreStatLine(line, byDistance, 'K')).toBe(6);
  });

  it('a defense scores its plays plus one points-allowed bucket, and linear or bucketed yards when asked', () => {
    const line = { ...emptyStatLine(), defSack: 3, defInt: 1, ptsAllowed: 6, ydsAllowed: 320 };
    // 3 + 2 + 7 (1–6 allowed)
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'DEF')).toBe(12);
    expect(scoreStatLine({ ...line, ptsAllowed: 0 }, SCORING_PRESETS.ppr, 'DEF')).toBe(15);
    expect(scoreStatLine({ ...line, ptsAllowed: 35 }, SCORING_PRESETS.ppr, 'DEF')).toBe(1);
    // the recorded 2024 league: pts_allow −0.2 and yds_allow −0.01 per unit, no buckets
    const perUnit = { sack: 1, int: 2, pts_allow: -0.2, yds_allow: -0.01 };
    expect(scoreStatLine(line, perUnit, 'DEF')).toBeCloseTo(3 + 2 - 1.2 - 3.2, 9);
    expect(scoreStatLine(line, { yds_allow_300_349: 2 }, 'DEF')).toBe(2);
  });

  it('skill-player keys never score a defense, and defense keys never a player', () => {
    const line = { ...emptyStatLine(), rushTd: 1, defSack: 2 };
    // 2 sacks + a shutout (0 allowed → 10)
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'DEF')).toBe(2 + 10);
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'RB')).toBe(6);
  });
});

describe('scoreStatLine for the rules leagues add', () => {
  const none = emptyStatLine();

  it('first downs per unit and per position, TD-length bonuses, yardage and volume thresholds', () => {
    const back = {
      ...none,
      carries: 21,
      rushYd: 96,
      rushTd: 1,
      rushTd40p: 1,
      rushFd: 4,
      rec: 3,
      recYd: 10,
      recFd: 1,
    };
    const rules = {
      rush_fd: 0.5,
      rec_fd: 0.5,
      bonus_fd_rb: 0.25,
      rush_td_40p: 2,
      bonus_rush_att_20: 1,
      bonus_rush_rec_yd_100: 3,
    };
    // 2 + 0.5 + 5 × 0.25 + 2 + 1 (21 carries) + 3 (106 scrimmage yards)
    expect(scoreStatLine(back, rules, 'RB')).toBeCloseTo(2 + 0.5 + 1.25 + 2 + 1 + 3, 9);
    // a first-down premium is the position's own: a WR line is not paid the RB's
    expect(scoreStatLine(back, { bonus_fd_rb: 1 }, 'WR')).toBe(0);
    const passer = { ...none, passAtt: 30, passCmp: 26, passFd: 12, passTd50p: 1, passTd40p: 1 };
    // 26 × 0.1 − 4 incompletions × 0.5 + 12 × 0.2 + 40+ and 50+ TD bonuses 1 + 2 + completion bonus 2
    const passing = {
      pass_cmp: 0.1,
      pass_inc: -0.5,
      pass_fd: 0.2,
      pass_td_40p: 1,
      pass_td_50p: 2,
      bonus_pass_cmp_25: 2,
    };
    expect(scoreStatLine(passer, passing, 'QB')).toBeCloseTo(2.6 - 2 + 2.4 + 3 + 2, 9);
  });

  it('TE premium, return yards, a player’s special-teams recoveries', () => {
    const te = { ...none, rec: 5, recYd: 40, krYd: 50, prYd: 10, stFumRec: 1, stForcedFumble: 1 };
    const rules = { ...SCORING_PRESETS.half, bonus_rec_te: 0.5, kr_yd: 0.04, pr_yd: 0.1 };
    // 5 × (0.5 + 0.5) + 4 + 2 + 1 + 1 (st_fum_rec, st_ff)
    expect(scoreStatLine(te, rules, 'TE')).toBeCloseTo(5 + 4 + 2 + 1 + 1 + 1, 9);
    expect(scoreStatLine(te, rules, 'WR')).toBeCloseTo(2.5 + 4 + 2 + 1 + 1 + 1, 9);
  });

  it('kicks of 60+ yards priced on their own when a league splits the 50+ bucket, and points per kick yard', () => {
    const kicker = { ...none, fgMade50: 2, fgMade60: 1, fgMiss50: 1, fgMiss60: 1, fgMadeYd: 113 };
    const split = { fgm_50_59: 5, fgm_60p: 6, fgmiss: -1, fgmiss_60p: 0 };
    expect(scoreStatLine(kicker, split, 'K')).toBe(5 + 6 + 0);
    expect(scoreStatLine(kicker, { fgm_50p: 5, fgmiss: -1 }, 'K')).toBe(10 - 1);
    expect(scoreStatLine(kicker, { fgm_yds: 0.1 }, 'K')).toBeCloseTo(11.3, 9);
  });

  it('a defense: fumble recoveries, TDs, safeties, blocked kicks and the yards-allowed tiers', () => {
    const line = {
      ...none,
      defFumRec: 1,
      defTd: 1,
      defStTd: 1,
      defSafety: 1,
      defBlockedKick: 1,
      ptsAllowed: 28,
      ydsAllowed: 199,
    };
    // 2 + 6 + 6 + 2 + 2 − 1 (28–34 allowed)
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'DEF')).toBe(17);
    expect(scoreStatLine(line, { yds_allow_100_199: 3, yds_allow_200_299: 1 }, 'DEF')).toBe(3);
    expect(
      scoreStatLine({ ...line, ydsAllowed: 200 }, { yds_allow_100_199: 3, yds_allow_200_299: 1 }, 'DEF'),
    ).toBe(1);
  });
});

describe('unsupportedScoringKeys', () => {
  it('names every non-zero rule the scorer does not apply, IDP rules included, and nothing for the presets', () => {
    for (const rules of Object.values(SCORING_PRESETS)) expect(unsupportedScoringKeys(rules)).toEqual([]);
    expect(unsupportedScoringKeys(sleeperScoring('league.json'))).toEqual([]);
    expect(unsupportedScoringKeys(sleeperScoring('season2025_league.json'))).toEqual([]);
    const rules = { ...SCORING_PRESETS.ppr, idp_tkl: 1, pass_sack: -0.5, def_3_and_out: 1, int_ret_yd: 0 };
    expect(unsupportedScoringKeys(rules)).toEqual(['def_3_and_out', 'idp_tkl', 'pass_sack']);
  });
});
