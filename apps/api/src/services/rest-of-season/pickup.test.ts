import { bestLineupWeekly, parseStartingSlots } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { bestPickups, startsOver, totalPoints } from './pickup.js';
import { type RosPlayer, seasonPlayerOf } from './ros-players.js';

const player = (id: string, position: string, means: number[]): RosPlayer => ({
  id,
  position,
  name: id,
  team: 'KC',
  injuryStatus: null,
  byeWeek: null,
  weeks: means.map((mean, w) => ({ week: w + 1, mean, std: mean / 2 })),
});

describe('bestPickups', () => {
  const slots = parseStartingSlots(['QB', 'RB', 'WR', 'K', 'BN', 'BN']);
  const roster = [
    player('qb', 'QB', [20, 20]),
    player('rb', 'RB', [12, 12]),
    player('wr', 'WR', [11, 11]),
    player('k', 'K', [1, 1]),
    player('rb2', 'RB', [9, 9]),
    player('wr2', 'WR', [3, 3]),
  ];
  const before = totalPoints(bestLineupWeekly(roster.map(seasonPlayerOf), slots));

  it('drops the player whose loss costs the line-ups least, never the only kicker', () => {
    const [pickup, kicker] = bestPickups(
      roster,
      [player('wr3', 'WR', [15, 15]), player('rb3', 'RB', [2, 2])],
      slots,
      before,
    );
    // the new WR starts over wr (11): dropping wr or wr2 costs nothing now; wr2 has fewer points of his own
    expect(pickup!.dropId).toBe('wr2');
    expect(pickup!.pointsGain).toBe(2 * (15 - 11));
    expect(pickup!.lineups.starters[0]).toEqual(expect.arrayContaining(['qb', 'rb', 'wr3', 'k']));
    // the kicker has the fewest points but is the only one who can fill K
    expect(kicker!.dropId).not.toBe('k');
    expect(kicker!.pointsGain).toBe(0);
  });

  it('rebuilds the weeks the dropped player would start in: a starter dropped for a better one at his slot', () => {
    const thin = [player('qb', 'QB', [20, 20]), player('rb', 'RB', [12, 4]), player('k', 'K', [5, 5])];
    const thinSlots = parseStartingSlots(['QB', 'RB', 'K']);
    const thinBefore = totalPoints(bestLineupWeekly(thin.map(seasonPlayerOf), thinSlots));
    const [pickup] = bestPickups(thin, [player('rb9', 'RB', [10, 10])], thinSlots, thinBefore);
    // every player is the only one at his slot but rb, whom the newcomer can replace: week 1 loses 2, week 2 gains 6
    expect(pickup!.dropId).toBe('rb');
    expect(pickup!.pointsGain).toBeCloseTo(-2 + 6);
    expect(pickup!.lineups.means).toEqual([35, 35]);
    expect(pickup!.lineups.stds[0]).toBeCloseTo(Math.sqrt(10 ** 2 + 5 ** 2 + 2.5 ** 2));
  });

  it('drops nobody when the roster has an open place', () => {
    const [pickup] = bestPickups(roster, [player('rb3', 'RB', [2, 2])], slots, before, {
      hasOpenPlace: true,
    });
    expect(pickup!.dropId).toBeNull();
    expect(pickup!.pointsGain).toBe(0);
  });
});

describe('startsOver', () => {
  const slots = parseStartingSlots(['QB', 'RB', 'WR', 'FLEX', 'BN']);
  const positions: Record<string, string> = { qb: 'QB', rb: 'RB', wr: 'WR', rb2: 'RB', wr2: 'WR' };
  const positionOf = (id: string) => positions[id];
  const before = ['qb', 'rb', 'wr', 'rb2'];

  it('names the starter who leaves the line-up for him, and nobody when he does not start', () => {
    const wr = { id: 'new', position: 'WR' };
    expect(startsOver(before, ['qb', 'rb', 'new', 'wr'], wr, positionOf, slots)).toBe('rb2');
    expect(startsOver(before, before, wr, positionOf, slots)).toBeNull();
  });

  it('when the drop was a starter too, names the one at a slot he can fill', () => {
    // the QB starts over nobody's slot but the QB's: dropping rb (a starter) lets wr2 into the flex
    const qb = { id: 'new', position: 'QB' };
    expect(startsOver(before, ['new', 'rb2', 'wr', 'wr2'], qb, positionOf, slots)).toBe('qb');
  });
});
