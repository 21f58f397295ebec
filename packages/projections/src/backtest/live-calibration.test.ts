import { createRandom } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import type { PlayerWeek } from '../correlations/player-weeks.js';
import {
  CALIBRATION_SLOTS,
  dealMatchups,
  gameAt,
  matchupOutcome,
  partialAsFinal,
  scoreForecasts,
} from './live-calibration.js';

const week = (id: string, position: PlayerWeek['position'], actual: number): PlayerWeek => ({
  season: 2024,
  week: 3,
  id,
  position,
  team: 'KC',
  opponent: '@BUF',
  depthRank: 1,
  projected: 10,
  actual,
});

describe('the live calibration replay', () => {
  it('scores a player’s game at a point of the clock, and the old rule fixes any non-zero partial score', () => {
    const player = week('a', 'WR', 20);
    expect(gameAt(player, 0)).toEqual({ state: 'pre', points: 0, fractionRemaining: 1 });
    expect(gameAt(player, 0.25)).toEqual({ state: 'in', points: 5, fractionRemaining: 0.75 });
    expect(gameAt(player, 1)).toEqual({ state: 'final', points: 20, fractionRemaining: 0 });
    expect(partialAsFinal(gameAt(player, 0.25))).toEqual({ state: 'final', points: 5, fractionRemaining: 0 });
    expect(partialAsFinal(gameAt(week('b', 'WR', 0), 0.5))).toMatchObject({ state: 'pre' });
  });

  it('deals legal, disjoint line-ups and reads the result with ties as half', () => {
    const pool = [
      ...['QB', 'QB', 'TE', 'TE', 'K', 'K', 'DEF', 'DEF'].map((p, i) =>
        week(`${p}${i}`, p as PlayerWeek['position'], 10),
      ),
      ...Array.from({ length: 6 }, (_, i) => week(`RB${i}`, 'RB', 10)),
      ...Array.from({ length: 6 }, (_, i) => week(`WR${i}`, 'WR', 10)),
    ];
    const [matchup] = dealMatchups(pool, 1, createRandom(1));
    expect(matchup!.user).toHaveLength(CALIBRATION_SLOTS.length);
    const ids = [...matchup!.user, ...matchup!.opponent].map((player) => player.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(matchupOutcome(matchup!)).toBe(0.5);
  });

  it('computes the Brier score and a clipped log loss', () => {
    const score = scoreForecasts([1, 0.5, 0], [1, 0, 1]);
    expect(score.brier).toBeCloseTo((0 + 0.25 + 1) / 3, 12);
    expect(score.logLoss).toBeCloseTo((-Math.log(0.999) - Math.log(0.5) - Math.log(0.001)) / 3, 12);
  });
});
