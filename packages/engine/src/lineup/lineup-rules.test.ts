import { describe, expect, it } from 'vitest';
import { checkLineup, type LineupStarter } from './lineup-rules.js';
import { parseStartingSlots, startedPositions } from './slots.js';

const ONE_QB = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'K', 'DEF', 'BN', 'BN', 'IR'];
const player = (id: string, position: string): LineupStarter => ({ id, name: `Player ${id}`, position });
const legalOneQb = [
  player('qb', 'QB'),
  player('rb1', 'RB'),
  player('rb2', 'RB'),
  player('wr1', 'WR'),
  player('wr2', 'WR'),
  player('te', 'TE'),
  player('wr3', 'WR'),
  player('k', 'K'),
  player('def', 'DEF'),
];

describe('checkLineup', () => {
  it('accepts a full legal line-up and places the flex player in FLEX', () => {
    const check = checkLineup(legalOneQb, ONE_QB);
    expect(check.isLegal).toBe(true);
    expect(check.problems).toEqual([]);
    expect(check.slots.map((slot) => slot.label)).toEqual([
      'QB',
      'RB',
      'RB',
      'WR',
      'WR',
      'TE',
      'FLEX',
      'K',
      'DEF',
    ]);
    expect(check.slots.find((slot) => slot.label === 'FLEX')?.playerId).toBe('wr3');
  });

  it('blocks ten starters for nine slots', () => {
    const check = checkLineup([...legalOneQb, player('rb3', 'RB')], ONE_QB);
    expect(check.isLegal).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({
        kind: 'too-many-starters',
        message: '10 starters for 9 starting slots: bench 1 player.',
      }),
    ]);
    expect(check.unplaced).toEqual(['rb3']);
  });

  it('blocks eight starters: the empty slot is named', () => {
    const check = checkLineup(
      legalOneQb.filter((p) => p.id !== 'k'),
      ONE_QB,
    );
    expect(check.isLegal).toBe(false);
    expect(check.problems.map((problem) => problem.message)).toEqual([
      'Slot K is empty: start someone there.',
    ]);
  });

  it('blocks two QBs in a one-QB league, naming the taken slot', () => {
    const lineup = legalOneQb.map((p) => (p.id === 'wr3' ? player('qb2', 'QB') : p));
    const check = checkLineup(lineup, ONE_QB);
    expect(check.isLegal).toBe(false);
    expect(check.problems.map((problem) => problem.kind)).toEqual(['no-eligible-slot', 'empty-slots']);
    expect(check.problems[0]!.message).toBe('Player qb2 (QB) cannot start: the QB slot is already taken.');
  });

  it('takes the second QB in a SUPER_FLEX league', () => {
    const lineup = legalOneQb.map((p) => (p.id === 'wr3' ? player('qb2', 'QB') : p));
    const superflex = ONE_QB.map((slot) => (slot === 'FLEX' ? 'SUPER_FLEX' : slot));
    expect(checkLineup(lineup, superflex).isLegal).toBe(true);
  });

  it('blocks a player listed twice', () => {
    const check = checkLineup([...legalOneQb.slice(0, 8), legalOneQb[0]!], ONE_QB);
    expect(check.problems.map((problem) => problem.kind)).toEqual(['repeated-player', 'empty-slots']);
    expect(check.problems[0]!.message).toBe('Player qb is in the line-up twice.');
  });

  it('says when no slot in the league takes a position', () => {
    const check = checkLineup([...legalOneQb.slice(0, 8), player('lb', 'LB')], ONE_QB);
    expect(check.problems[0]!.message).toBe(
      'Player lb (LB) cannot start: no slot in this league takes a LB.',
    );
  });

  it('reads Yahoo slot names (W/R/T, W/R, Q/W/R/T, D/ST, BN) and Yahoo DEF spellings', () => {
    const yahoo = ['QB', 'WR', 'WR', 'RB', 'RB', 'TE', 'W/R/T', 'W/R', 'Q/W/R/T', 'K', 'D/ST', 'BN', 'IR'];
    expect(parseStartingSlots(yahoo).map((slot) => slot.label)).toEqual([
      'QB',
      'WR',
      'WR',
      'RB',
      'RB',
      'TE',
      'FLEX',
      'WRRB_FLEX',
      'SUPER_FLEX',
      'K',
      'DEF',
    ]);
    const lineup = [
      ...legalOneQb.filter((p) => p.id !== 'def'),
      player('rb3', 'RB'),
      player('qb2', 'QB'),
      player('dst', 'DST'),
    ];
    expect(checkLineup(lineup, yahoo).isLegal).toBe(true);
    // W/R does not take a tight end: with a second TE instead of the third RB, one slot cannot be filled.
    const withTe = lineup.map((p) => (p.id === 'rb3' ? player('te2', 'TE') : p));
    expect(checkLineup(withTe, yahoo).isLegal).toBe(true);
    const twoTes = withTe.map((p) => (p.id === 'wr3' ? player('te3', 'TE') : p));
    expect(checkLineup(twoTes, yahoo).problems.map((problem) => problem.kind)).toEqual([
      'no-eligible-slot',
      'empty-slots',
    ]);
  });

  it('fills IDP slots with the labels platforms use for defenders (DE, CB, IDP_FLEX)', () => {
    const slots = ['DL', 'LB', 'DB', 'IDP_FLEX'];
    const lineup = [player('de', 'DE'), player('lb', 'LB'), player('cb', 'CB'), player('s', 'S')];
    expect(checkLineup(lineup, slots).isLegal).toBe(true);
    expect(checkLineup([...lineup.slice(0, 3), player('k', 'K')], slots).isLegal).toBe(false);
  });
});

describe('startedPositions', () => {
  it('lists the positions some starting slot takes, flex slots included, bench and reserve left out', () => {
    expect(startedPositions(parseStartingSlots(['QB', 'RB', 'WR', 'FLEX', 'BN', 'IR']))).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
    ]);
    expect(startedPositions(parseStartingSlots(ONE_QB))).toEqual(['QB', 'RB', 'WR', 'TE', 'K', 'DEF']);
    expect(startedPositions(parseStartingSlots(['Q/W/R/T', 'D/ST']))).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
      'DEF',
    ]);
  });
});
