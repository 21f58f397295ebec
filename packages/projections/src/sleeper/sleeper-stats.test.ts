import { describe, expect, it } from 'vitest';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { SCORING_PRESETS, type ScoringRules } from '../scoring/scoring-rules.js';
import { isPosition, STAT_KEYS, type Position } from '../stats/stat-line.js';
import {
  readSleeperFixture,
  type SleeperDirectory,
  type SleeperWeekAnswer,
} from '../testing/sleeper-fixtures.js';
import { isTeamOffenseKey, sleeperStatsFromLine, statLineFromSleeper } from './sleeper-stats.js';

const stats = readSleeperFixture<SleeperWeekAnswer>('stats_nfl_regular_2024_week1.json');
const projections = readSleeperFixture<SleeperWeekAnswer>('projections_nfl_regular_2024_week1.json');
const directory = readSleeperFixture<SleeperDirectory>('players_nfl_sample.json');

type Row = { id: string; position: Position; sleeper: SleeperWeekAnswer[string] };

/** Skill players of the directory and team defenses (plain team codes); TEAM_ rows and IDP left out. */
function fantasyRows(answer: SleeperWeekAnswer): Row[] {
  return Object.entries(answer).flatMap(([id, sleeper]) => {
    if (isTeamOffenseKey(id)) return [];
    const position = /^[A-Z]{2,3}$/.test(id) ? 'DEF' : (directory[id]?.position ?? '');
    return isPosition(position) ? [{ id, position, sleeper }] : [];
  });
}

const scored = (row: Row, rules: ScoringRules) =>
  scoreStatLine(statLineFromSleeper(row.sleeper, row.position).line, rules, row.position);

describe('statLineFromSleeper on recorded Sleeper stats (2024 week 1)', () => {
  const rows = fantasyRows(stats);

  it('reads 32 team defenses and every skill player of the sample', () => {
    expect(rows.filter((row) => row.position === 'DEF')).toHaveLength(32);
    expect(rows.filter((row) => row.position !== 'DEF').length).toBeGreaterThan(300);
  });

  it('Chicago 2024 week 1: a defensive and a special-teams TD, two picks, a blocked kick', () => {
    // 17 allowed → 14–20 bucket (Sleeper's default 0); sacks 2, int 2×2, fum_rec 2, ff 1, def_td 6, def_st_td 6, blk_kick 2
    const { line } = statLineFromSleeper(stats.CHI ?? {}, 'DEF');
    expect(line).toMatchObject({ defInt: 2, defTd: 1, defStTd: 1, defBlockedKick: 1, ptsAllowed: 17 });
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'DEF')).toBe(24);
  });

  it('keeps snaps, team snaps and air yards as usage, and a punt-return TD as a return TD', () => {
    const conner = statLineFromSleeper(stats['4137'] ?? {}, 'RB');
    expect(conner.usage).toEqual({ snaps: 41, team_snaps: 61, air_yards: -4 });
    expect(conner.line).toMatchObject({ carries: 16, targets: 4, rzTouches: 5, twoPt: 1, touches: 19 });
    expect(statLineFromSleeper(stats['8917'] ?? {}, 'WR').line.retTd).toBe(1);
  });
});

describe('statLineFromSleeper on recorded Sleeper projections (2024 week 1)', () => {
  it('RB/WR/TE projections score Sleeper’s projected PPR total within 0.07, return TDs aside', () => {
    // Sleeper rounds each projected stat to the hundredth after totalling, so totals drift a few
    // hundredths; and its projected total leaves out projected return TDs (kr_td/pr_td), which we score.
    const rules = SCORING_PRESETS.ppr;
    const rows = fantasyRows(projections).filter((row) => ['RB', 'WR', 'TE'].includes(row.position));
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) {
      const returnTdPoints = 6 * ((row.sleeper.kr_td ?? 0) + (row.sleeper.pr_td ?? 0));
      const gap = scored(row, rules) - returnTdPoints - (row.sleeper.pts_ppr ?? 0);
      expect(Math.abs(gap), row.id).toBeLessThan(0.07);
    }
  });

  it('a defense’s projected return TDs come from st_td alone (def_kr_td/def_pr_td are not added)', () => {
    const { line } = statLineFromSleeper(projections.KC ?? {}, 'DEF');
    expect(line.defStTd).toBeCloseTo(0.03, 6);
    expect(line.defTd).toBeCloseTo(0.15, 6);
    expect(line.ptsAllowed).toBeCloseTo(21.75, 6);
  });
});

describe('sleeperStatsFromLine', () => {
  it('round-trips every recorded row through our stat line', () => {
    for (const row of fantasyRows(stats)) {
      const { line, usage } = statLineFromSleeper(row.sleeper, row.position);
      const back = statLineFromSleeper(sleeperStatsFromLine(line, row.position, usage), row.position);
      for (const key of STAT_KEYS) expect(back.line[key], `${row.id} ${key}`).toBeCloseTo(line[key], 6);
      expect(back.usage).toEqual(usage);
    }
  });

  it('writes a defense’s points-allowed bucket flag the way Sleeper’s rows carry it', () => {
    const { line } = statLineFromSleeper(stats.MIN ?? {}, 'DEF');
    expect(sleeperStatsFromLine(line, 'DEF')).toMatchObject({ pts_allow: 6, pts_allow_1_6: 1, def_td: 1 });
  });
});
