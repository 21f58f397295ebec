import { describe, expect, it } from 'vitest';
import { createRandom } from '../random/xoshiro128.js';
import { parseStartingSlots, slotAccepts } from './slots.js';
import { bestLineupWeekly } from './best-lineup.js';
import { LineupPool } from './lineup-pool.js';
import type { SeasonPlayer } from './season-player.js';

const player = (id: string, position: string, ...weeklyMeans: number[]): SeasonPlayer => ({
  id,
  position,
  weeklyMeans,
});

// Every assignment of players to slots (each slot empty or one unused, eligible player): the best total.
function bruteForceBest(
  players: readonly SeasonPlayer[],
  slotLabels: readonly string[],
  week: number,
): number {
  const used = new Set<number>();
  const search = (slot: number): number => {
    if (slot === slotLabels.length) return 0;
    let best = search(slot + 1);
    players.forEach((candidate, index) => {
      if (used.has(index) || !slotAccepts(slotLabels[slot]!, candidate.position)) return;
      used.add(index);
      best = Math.max(best, candidate.weeklyMeans[week]! + search(slot + 1));
      used.delete(index);
    });
    return best;
  };
  return search(0);
}

const withStds = (p: SeasonPlayer): SeasonPlayer => ({ ...p, weeklyStds: p.weeklyMeans.map((m) => m / 2) });

describe('bestLineupWeekly', () => {
  it('starts the best player of each position and the best remaining RB/WR/TE at FLEX, week by week', () => {
    const roster = [
      player('qb1', 'QB', 20, 0),
      player('qb2', 'QB', 14, 13),
      player('rb1', 'RB', 15, 15),
      player('rb2', 'RB', 11, 11),
      player('rb3', 'RB', 9, 2),
      player('wr1', 'WR', 16, 16),
      player('wr2', 'WR', 12, 12),
      player('wr3', 'WR', 8, 10),
      player('te1', 'TE', 7, 7),
      player('k1', 'K', 8, 8),
      player('def1', 'DEF', 6, 6),
    ];
    const lineups = bestLineupWeekly(roster, parseStartingSlots());
    // Week 1: qb1, rb1, rb2, wr1, wr2, te1, FLEX rb3 (9 > 8), def1, k1. Week 2: qb2 covers qb1's bye, FLEX wr3.
    expect(lineups.means[0]).toBeCloseTo(20 + 15 + 11 + 16 + 12 + 7 + 9 + 6 + 8);
    expect(lineups.means[1]).toBeCloseTo(13 + 15 + 11 + 16 + 12 + 7 + 10 + 6 + 8);
    expect(lineups.starters[0]).toContain('rb3');
    expect(lineups.starters[1]).toEqual(expect.arrayContaining(['qb2', 'wr3']));
    expect(lineups.starters[1]).not.toContain('qb1');
  });

  it('leaves a slot empty when no player fits it, and adds the starters’ variances', () => {
    const roster = [
      { ...player('qb1', 'QB', 20), weeklyStds: [6] },
      { ...player('rb1', 'RB', 10), weeklyStds: [8] },
    ];
    const lineups = bestLineupWeekly(roster, parseStartingSlots(['QB', 'RB', 'WR', 'BN']));
    expect(lineups.means).toEqual([30]);
    expect(lineups.stds[0]).toBeCloseTo(10);
  });

  it('matches an exhaustive search on random rosters with overlapping flex slots', () => {
    const labels = ['QB', 'RB', 'WR', 'FLEX', 'SUPER_FLEX', 'REC_FLEX'];
    const positions = ['QB', 'RB', 'WR', 'TE'];
    const random = createRandom(7);
    for (let trial = 0; trial < 40; trial++) {
      const roster = Array.from({ length: 8 }, (_, i) =>
        player(
          `p${i}`,
          positions[Math.floor(random.nextFloat() * positions.length)]!,
          Math.round(random.nextFloat() * 250) / 10,
        ),
      );
      const lineups = bestLineupWeekly(roster, parseStartingSlots(labels));
      expect(lineups.means[0]).toBeCloseTo(bruteForceBest(roster, labels, 0), 9);
    }
  });

  it('fills overlapping flex slots for the most points week by week, leaves players projected at 0 out, and adds σ²', () => {
    // WR/RB and WR/TE flexes overlap on WR: taking the best first is still optimal (a matroid)
    const labels = ['QB', 'WR', 'WRRB_FLEX', 'REC_FLEX', 'BN', 'BN'];
    const roster = [
      player('qb', 'QB', 20, 0),
      player('wr1', 'WR', 18, 18),
      player('wr2', 'WR', 15, 15),
      player('te', 'TE', 14, 14),
      player('rb', 'RB', 16, 1),
      player('qb2', 'QB', 12, 12),
      player('out', 'WR', 0, 0),
    ].map(withStds);
    const lineups = bestLineupWeekly(roster, parseStartingSlots(labels));
    // week 1: QB 20, WR 18, WR/RB 16 (rb), WR/TE 15 (wr2): the TE sits
    expect(lineups.means[0]).toBe(20 + 18 + 16 + 15);
    expect([...lineups.starters[0]!].sort()).toEqual(['qb', 'rb', 'wr1', 'wr2']);
    // week 2: the first QB is on a bye, the second starts; wr2 moves to WR/RB so the TE can start
    expect([...lineups.starters[1]!].sort()).toEqual(['qb2', 'te', 'wr1', 'wr2']);
    expect(lineups.means[1]).toBe(12 + 18 + 15 + 14);
    expect(lineups.stds[1]).toBeCloseTo(Math.sqrt([12, 18, 15, 14].reduce((s, m) => s + (m / 2) ** 2, 0)));
    for (const w of [0, 1]) expect(lineups.means[w]).toBe(bruteForceBest(roster, labels, w));
    // nobody projected at 0 starts, even with a slot open
    const short = bestLineupWeekly(
      [player('qb', 'QB', 0, 20), player('wr', 'WR', 0, 0)],
      parseStartingSlots(),
    );
    expect(short.starters).toEqual([[], ['qb']]);
    expect(short.means).toEqual([0, 20]);
  });
});

describe('LineupPool.fillableSlots', () => {
  it('counts the slots a roster fills at once whoever scores what, IDP slots included, without excluded players', () => {
    const slots = parseStartingSlots(['QB', 'RB', 'FLEX', 'K', 'DL', 'BN']);
    const roster = [
      player('qb', 'QB', 20),
      player('rb1', 'RB', 12),
      player('rb2', 'RB', 0),
      player('k', 'K', 0),
      player('de', 'DE', 3),
    ];
    const pool = new LineupPool(
      [
        { rosterId: 1, players: roster },
        { rosterId: 2, players: [player('k2', 'K', 8)] },
      ],
      slots,
    );
    pool.exclude([]);
    expect(pool.fillableSlots(0)).toBe(5);
    // the only kicker gone leaves K empty, a second one fills it again
    pool.exclude([pool.indexOf('k')!]);
    expect(pool.fillableSlots(0)).toBe(4);
    expect(pool.fillableSlots(0, [pool.indexOf('k2')!])).toBe(5);
    // one RB gone: the other takes RB, FLEX stays empty
    pool.exclude([pool.indexOf('rb1')!]);
    expect(pool.fillableSlots(0)).toBe(4);
    // the engine does not start IDP players: the DE fills DL here but never a line-up
    pool.exclude([]);
    expect(pool.weekLineup(0, 0).starters).toEqual(['qb', 'rb1']);
  });
});
