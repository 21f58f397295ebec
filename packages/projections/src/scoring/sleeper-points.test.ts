import { describe, expect, it } from 'vitest';
import { isTeamOffenseKey, type SleeperStats, statLineFromSleeper } from '../sleeper/sleeper-stats.js';
import { emptyStatLine, isPosition, type Position } from '../stats/stat-line.js';
import {
  readSleeperFixture,
  type SleeperDirectory,
  type SleeperWeekAnswer,
} from '../testing/sleeper-fixtures.js';
import { scoreStatLine } from './score-stat-line.js';
import { SCORING_PRESETS, type ScoringRules } from './scoring-rules.js';

/** The three stat lines, scored under Sleeper's standard PPR rules. */
describe('the issue’s stat lines under Sleeper’s standard rules', () => {
  it('a D/ST with 3 sacks, 1 interception and 10 points allowed scores 9 (3 + 2 + 4 for 7–13 allowed)', () => {
    const line = { ...emptyStatLine(), defSack: 3, defInt: 1, ptsAllowed: 10, ydsAllowed: 280 };
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'DEF')).toBe(9);
  });

  it('a kicker with 2 PATs, 1 missed PAT, a 45-yard FG and a missed 52-yarder scores 4 (2 − 1 + 4 − 1)', () => {
    const line = { ...emptyStatLine(), patMade: 2, patMissed: 1, fgMade40_49: 1, fgMiss50: 1 };
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'K')).toBe(4);
  });

  it('a WR with 7 catches, 110 yards and a TD in a league paying 3 at 100 yards scores 27 (7 + 11 + 6 + 3)', () => {
    const line = { ...emptyStatLine(), rec: 7, recYd: 110, recTd: 1, targets: 9 };
    expect(scoreStatLine(line, { ...SCORING_PRESETS.ppr, bonus_rec_yd_100: 3 }, 'WR')).toBeCloseTo(27, 9);
    expect(scoreStatLine(line, SCORING_PRESETS.ppr, 'WR')).toBeCloseTo(24, 9);
  });
});

const stats = readSleeperFixture<SleeperWeekAnswer>('stats_nfl_regular_2024_week1.json');
const directory = readSleeperFixture<SleeperDirectory>('players_nfl_sample.json');

const PUBLISHED = [
  ['ppr', 'pts_ppr'],
  ['half', 'pts_half_ppr'],
  ['std', 'pts_std'],
] as const;

/** A team code ("KC") keys a team defense; "TEAM_KC" the team's own totals, offense and defense together. */
const isTeamDefenseKey = (id: string) => /^[A-Z]{2,3}$/.test(id);

/**
 * A TEAM_ row holds the team's offense plus its defense's plays. Sleeper scores it as it is written, which differs
 * from a player's line in three ways: it carries no points allowed (so no points-allowed bucket is scored), its
 * kick and punt return TDs appear only as `kr_td`/`pr_td` (which Sleeper does not score; a player's line has
 * `st_td`), and its missed field goals have no distance (`fgmiss` alone; placed in one band here, since every
 * band costs the same under the presets).
 */
function teamTotalPoints(row: SleeperStats, rules: ScoringRules): number {
  const withoutBuckets = Object.fromEntries(
    Object.entries(rules).filter(([key]) => !key.startsWith('pts_allow')),
  );
  const { kr_td: _kickReturnTd, pr_td: _puntReturnTd, ...offense } = row;
  const banded = ['fgmiss_0_19', 'fgmiss_20_29', 'fgmiss_30_39', 'fgmiss_40_49', 'fgmiss_50p'];
  const placed = banded.reduce((sum, key) => sum + (row[key] ?? 0), 0);
  const unplaced = Math.max(0, (row.fgmiss ?? 0) - placed);
  const kicks = { ...offense, fgmiss_0_19: (row.fgmiss_0_19 ?? 0) + unplaced };
  return (
    scoreStatLine(statLineFromSleeper(kicks, 'QB').line, rules, 'QB') +
    scoreStatLine(statLineFromSleeper(row, 'DEF').line, withoutBuckets, 'DEF')
  );
}

/** The product's path: Sleeper's stat map → our stat line → scoreStatLine, with the player's position. */
function ourPoints(position: Position, row: SleeperStats, rules: ScoringRules): number {
  return scoreStatLine(statLineFromSleeper(row, position).line, rules, position);
}

describe('our points equal Sleeper’s own on its 2024 week-1 stat lines', () => {
  const lines = Object.entries(stats).filter(([, row]) => row.pts_ppr !== undefined);
  const kinds = { players: 0, defenses: 0, teamTotals: 0, idpOnly: 0 };
  const compared: { id: string; score: (rules: ScoringRules) => number; row: SleeperStats }[] = [];
  for (const [id, row] of lines) {
    if (isTeamOffenseKey(id)) {
      kinds.teamTotals += 1;
      compared.push({ id, row, score: (rules) => teamTotalPoints(row, rules) });
    } else if (isTeamDefenseKey(id)) {
      kinds.defenses += 1;
      compared.push({ id, row, score: (rules) => ourPoints('DEF', row, rules) });
    } else {
      const position = directory[id]?.position ?? '';
      if (!isPosition(position)) {
        // an individual defender (IDP): the product does not score them
        kinds.idpOnly += 1;
        continue;
      }
      kinds.players += 1;
      compared.push({ id, row, score: (rules) => ourPoints(position, row, rules) });
    }
  }

  it(`compares every line with offensive, kicking or team-defense stats (${kinds.players} players, ${kinds.defenses} defenses, ${kinds.teamTotals} team totals); skips only IDP lines (${kinds.idpOnly})`, () => {
    expect(kinds).toEqual({ players: 223, defenses: 32, teamTotals: 32, idpOnly: 1 });
  });

  it.each(PUBLISHED)('every line scores Sleeper’s own %s total to the hundredth', (format, key) => {
    const misses = compared
      .map(({ id, row, score }) => ({ id, ours: score(SCORING_PRESETS[format]), theirs: row[key] ?? 0 }))
      .filter(({ ours, theirs }) => Math.abs(ours - theirs) > 0.005);
    expect(misses).toEqual([]);
  });

  it('a defense that gave up 17 scores the 14–20 bucket as Sleeper does (Chicago: 24)', () => {
    const chicago = statLineFromSleeper(stats.CHI ?? {}, 'DEF').line;
    expect(chicago.ptsAllowed).toBe(17);
    expect(scoreStatLine(chicago, SCORING_PRESETS.ppr, 'DEF')).toBe(stats.CHI?.pts_ppr);
    expect(stats.CHI?.pts_ppr).toBe(24);
  });
});
