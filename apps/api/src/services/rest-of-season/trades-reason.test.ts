import { evaluateTrade, parseStartingSlots, type TradeLeague } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import type { RosLeague, RosTeam } from './league-context.js';
import { tradeReason } from './trades-reason.js';

const WEEKS = [11, 12, 13];

// name, position, points in each of weeks 11–13
type Row = [string, string, number[]];
const team = (rosterId: number, rows: Row[]): RosTeam => ({
  rosterId,
  name: `Team ${rosterId}`,
  players: rows.map(([name, position, means]) => ({
    id: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    position,
    team: 'FA',
    injuryStatus: null,
    byeWeek: null,
    weeks: WEEKS.map((week, w) => ({ week, mean: means[w]!, std: 1 })),
  })),
});

// QB, RB, RB, WR, WR, WR/RB flex. Mine is deep at RB and thin at WR; theirs the reverse.
const MINE = team(1, [
  ['Bo Nix', 'QB', [20, 20, 20]],
  ['D’Andre Swift', 'RB', [15, 15, 15]],
  ['Josh Jacobs', 'RB', [14, 14, 14]],
  ['Kyren Williams', 'RB', [13, 13, 13]],
  ['Breece Hall', 'RB', [12, 12, 12]],
  ['Xavier Worthy', 'WR', [9, 9, 9]],
  ['Jalen Coker', 'WR', [7, 7, 7]],
]);
const THEIRS = team(2, [
  ['Lamar Jackson', 'QB', [22, 22, 22]],
  ['Chuba Hubbard', 'RB', [10, 10, 10]],
  ['Kenneth Gainwell', 'RB', [6, 6, 6]],
  ['Ja’Marr Chase', 'WR', [18, 18, 18]],
  ['Puka Nacua', 'WR', [17, 17, 17]],
  ['Tee Higgins', 'WR', [16, 16, 16]],
  ['Rome Odunze', 'WR', [0, 12, 12]],
]);

const league = { teams: [MINE, THEIRS], weeks: WEEKS } as unknown as RosLeague;
const tradeLeague: TradeLeague = {
  slots: parseStartingSlots(['QB', 'RB', 'RB', 'WR', 'WR', 'WRRB_FLEX', 'BN']),
  rosters: [MINE, THEIRS].map((roster) => ({
    rosterId: roster.rosterId,
    players: roster.players.map((player) => ({
      id: player.id,
      position: player.position,
      weeklyMeans: player.weeks.map((week) => week.mean),
    })),
  })),
};

describe('tradeReason', () => {
  it('says who starts where over whom on both sides, read off the best line-ups', () => {
    // My bench back for their best receiver. Mine: Chase starts, Williams keeps the flex, so Coker sits.
    // Theirs: Hall is their best back; no one of theirs sits, and he is no receiver to take Chase's place.
    const trade = { give: ['breece-hall'], get: ['ja-marr-chase'] };
    const evaluation = evaluateTrade(tradeLeague, { rosterId: 1, partnerRosterId: 2, ...trade });
    expect(tradeReason(league, evaluation, trade)).toBe(
      'Ja’Marr Chase starts at WR1 for you over Jalen Coker; Breece Hall becomes their RB1.',
    );
  });

  it('names the first week a player starts when it is not this one', () => {
    // Odunze scores nothing in week 11 (a bye) and starts from week 12; Hall sends Gainwell to their bench.
    const trade = { give: ['breece-hall'], get: ['rome-odunze'] };
    const evaluation = evaluateTrade(tradeLeague, { rosterId: 1, partnerRosterId: 2, ...trade });
    expect(tradeReason(league, evaluation, trade)).toBe(
      'Rome Odunze starts at WR1 for you over Jalen Coker from week 12; Breece Hall becomes their RB1 over Kenneth Gainwell.',
    );
  });
});
