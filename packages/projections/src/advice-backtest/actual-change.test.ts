import { parseStartingSlots, type SeasonPlayer } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { actualChange, actualLineupPool } from './actual-change.js';

// A tiny league: QB, RB and FLEX slots, two remaining weeks; every number is a player's actual points.
const slots = parseStartingSlots(['QB', 'RB', 'FLEX', 'BN']);
const player = (id: string, position: string, points: number[]): SeasonPlayer => ({
  id,
  position,
  weeklyMeans: points,
});
const mine = {
  rosterId: 1,
  players: [
    player('qb', 'QB', [20, 18]),
    player('rb-a', 'RB', [10, 0]),
    player('rb-b', 'RB', [5, 6]),
    player('wr-bench', 'WR', [2, 3]),
  ],
};
const theirs = {
  rosterId: 2,
  players: [player('their-qb', 'QB', [15, 25]), player('their-wr', 'WR', [9, 4])],
};
const freeAgents = {
  rosterId: 0,
  players: [player('fa-rb', 'RB', [8, 12]), player('fa-wr', 'WR', [1, 2]), player('fa-qb', 'QB', [30, 0])],
};
const pool = () => actualLineupPool([mine, theirs, freeAgents], slots);

describe('actual points a move adds to the best line-ups', () => {
  it('is what the best line-ups gain, not the points the newcomer scores', () => {
    // Before: week 1 QB 20 + RB 10 + FLEX 5 = 35; week 2 QB 18 + RB 6 + FLEX 3 (the WR) = 27; 62 in all.
    // fa-rb for wr-bench: week 1 20 + 10 + 8 = 38; week 2 18 + 12 + 6 = 36; 74 in all: +12 (he scored 20).
    expect(actualChange(pool(), 1, ['wr-bench'], ['fa-rb'])).toBeCloseTo(12, 10);
  });

  it('charges the drop: losing a starter costs what he added', () => {
    // fa-rb for rb-b: week 1 20 + 10 + 8 = 38; week 2 18 + 12 + 3 = 33; 71 in all: +9.
    expect(actualChange(pool(), 1, ['rb-b'], ['fa-rb'])).toBeCloseTo(9, 10);
  });

  it('adds nothing for a pickup who would not have started, and counts a week he would have', () => {
    expect(actualChange(pool(), 1, ['wr-bench'], ['fa-wr'])).toBeCloseTo(-1, 10);
    // A QB who outscores ours in week 1 only: +10 that week, and the dropped bench WR costs 3 in week 2.
    expect(actualChange(pool(), 1, ['wr-bench'], ['fa-qb'])).toBeCloseTo(7, 10);
  });

  it('scores both sides of a trade', () => {
    // qb for their-qb: mine 15 + 25 replaces 20 + 18 (+2); theirs gets qb 20 + 18 for 15 + 25 (−2).
    const league = pool();
    expect(actualChange(league, 1, ['qb'], ['their-qb'])).toBeCloseTo(2, 10);
    expect(actualChange(league, 2, ['their-qb'], ['qb'])).toBeCloseTo(-2, 10);
  });
});
