import { normalQuantile } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { MIN_EXPERT_PROJECTION } from '../backtest/walk-forward.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';
import { readWeeks } from '../testing/nfl-data.js';
import {
  byeWeeks,
  collectRosSamples,
  fitRosDecay,
  rosErrorTable,
  ROS_POSITIONS,
  type RosSample,
} from './ros-backtest.js';
import { decayedProjection, ROS_DECAY, type RosDecay } from './ros-weeks.js';

describe('collectRosSamples on 2024 weeks 1–6', () => {
  const weeks = readWeeks(2024, 6);
  const samples = collectRosSamples(weeks, [2024], 4);

  it('finds each team’s bye as the week it has no game', () => {
    const byes = byeWeeks(weeks);
    for (const team of ['DET', 'LAC', 'PHI', 'TEN']) expect(byes.get(`2024/${team}`)).toBe(5);
    for (const team of ['KC', 'LAR', 'MIA', 'MIN']) expect(byes.get(`2024/${team}`)).toBe(6);
    expect(byes.get('2024/BUF')).toBeUndefined();
  });

  it('pairs each projection with the PPR points its player scored that week and up to 4 weeks later', () => {
    const points = new Map(
      weeks.flatMap((week) =>
        (week.actual ?? []).map((line) => [
          `${week.week}/${line.playerId}`,
          scoreStatLine(line, PPR, line.position),
        ]),
      ),
    );
    expect(new Set(samples.map((s) => s.horizon))).toEqual(new Set([0, 1, 2, 3, 4]));
    for (const sample of samples) {
      const target = sample.week + sample.horizon;
      expect(target).toBeLessThanOrEqual(6);
      expect(sample.actual).toBe(points.get(`${target}/${sample.playerId}`) ?? 0);
    }
    const fromWeek1 = samples.filter((s) => s.week === 1 && s.horizon === 0).length;
    expect(samples.filter((s) => s.week === 1 && s.horizon === 4)).toHaveLength(fromWeek1);
    expect(samples.filter((s) => s.week === 3 && s.horizon === 4)).toHaveLength(0);
  });

  it('projects the players the experts put at 5 points or more, at the five positions of the data', () => {
    const week1 = samples.filter((s) => s.week === 1 && s.horizon === 0);
    expect(week1.length).toBeGreaterThan(100);
    expect(new Set(week1.map((s) => s.position))).toEqual(new Set(ROS_POSITIONS));
    const slate = weeks[0]!.slate;
    const projected = new Set(week1.map((s) => s.playerId));
    const nflcomPoints = (row: (typeof slate)[number]) => {
      const stats = row.experts.nflcom?.stats;
      return stats ? scoreStatLine(stats, PPR, row.position) : 0;
    };
    const lowOnes = slate.filter((row) => nflcomPoints(row) < MIN_EXPERT_PROJECTION - 1);
    expect(lowOnes.length).toBeGreaterThan(0);
    expect(lowOnes.some((row) => projected.has(row.playerId))).toBe(false);
  });

  it('scores the naive projection and ours alike at horizon 0, and leaves bye weeks out', () => {
    const cells = rosErrorTable(samples);
    for (const cell of cells.filter((c) => c.horizon === 0)) expect(cell.mae).toBe(cell.naiveMae);
    const byeTargets = samples.filter((s) => s.byeWeek === s.week + s.horizon);
    expect(byeTargets.length).toBeGreaterThan(0);
    const counted = cells.reduce((sum, cell) => sum + cell.rows, 0);
    expect(counted).toBe(samples.length - byeTargets.length);
  });
});

describe('fitRosDecay', () => {
  /**
   * Samples whose actual scores follow a known decay exactly: at each horizon, the normal quantiles (evenly
   * spaced probabilities) of the decayed mean and widened std, so 80% of them fall in its p10–p90 range.
   */
  function synthetic(decay: RosDecay): RosSample[] {
    const samples: RosSample[] = [];
    const draws = 200;
    for (const mean of [12, 18, 24]) {
      for (const horizon of [1, 2, 3, 4, 6, 8]) {
        const kept = decay.keep ** horizon;
        const center = kept * mean + (1 - kept) * (decay.share * mean + (1 - decay.share) * decay.target);
        const std = 2 * (1 + decay.widen * (1 - kept));
        for (let i = 0; i < draws; i += 1) {
          const actual = center + std * normalQuantile((i + 0.5) / draws);
          samples.push({
            season: 2024,
            week: 1,
            horizon,
            position: 'RB',
            playerId: mean,
            mean,
            std: 2,
            byeWeek: null,
            actual,
          });
        }
      }
    }
    return samples;
  }

  it('recovers the decay the scores were drawn with', () => {
    const truth = { keep: 0.8, share: 0.5, target: 6, widen: 0.5 };
    const fitted = fitRosDecay(synthetic(truth)).RB;
    expect(fitted.keep).toBeCloseTo(truth.keep, 2);
    expect(fitted.share).toBeCloseTo(truth.share, 1);
    expect(fitted.target).toBeCloseTo(truth.target, 0);
    expect(Math.abs(fitted.widen - truth.widen)).toBeLessThanOrEqual(0.05);
  });

  it('keeps the projection when later weeks score as projected, and leaves positions without data alone', () => {
    const fitted = fitRosDecay(synthetic({ keep: 1, share: 1, target: 0, widen: 0 }));
    const decayed = decayedProjection('RB', 20, 3, 8, fitted);
    expect(decayed.mean).toBeCloseTo(20, 1);
    expect(fitted.RB.widen).toBeLessThanOrEqual(0.01);
    expect(fitted.QB).toEqual(ROS_DECAY.QB);
  });

  it('lowers the error of the decayed projection below the naive one on data that decays', () => {
    const samples = synthetic({ keep: 0.85, share: 0.8, target: 6, widen: 0 });
    const fitted = fitRosDecay(samples);
    const cells = rosErrorTable(samples, { ...ROS_DECAY, ...fitted }, [4]);
    const rb = cells.find((cell) => cell.position === 'RB')!;
    expect(rb.mae).toBeLessThan(rb.naiveMae);
  });
});
