import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LONG_ABSENCE_WEEKS, ROS_DECAY, restOfSeasonWeeks, type RosPlayerInput } from './ros-weeks.js';

const healthy: RosPlayerInput = { position: 'WR', mean: 15, std: 7, byeWeek: null, injuryStatus: null };

describe('restOfSeasonWeeks', () => {
  it('gives one week per week from fromWeek to lastWeek, this week exactly as projected', () => {
    const weeks = restOfSeasonWeeks(healthy, 10, 14);
    expect(weeks.map((w) => w.week)).toEqual([10, 11, 12, 13, 14]);
    expect(weeks[0]).toEqual({ week: 10, mean: 15, std: 7 });
    expect(restOfSeasonWeeks(healthy, 15, 14)).toEqual([]);
  });

  it('projects 0 ± 0 in the bye week and nowhere else', () => {
    const weeks = restOfSeasonWeeks({ ...healthy, byeWeek: 12 }, 10, 14);
    expect(weeks.filter((w) => w.mean === 0 && w.std === 0).map((w) => w.week)).toEqual([12]);
  });

  it('rules a player out this week only for Out, for the reserve-list minimum on IR, PUP or a suspension', () => {
    const zeros = (injuryStatus: string) =>
      restOfSeasonWeeks({ ...healthy, injuryStatus }, 5, 12)
        .filter((w) => w.mean === 0)
        .map((w) => w.week);
    expect(zeros('Out')).toEqual([5]);
    const fourWeeks = Array.from({ length: LONG_ABSENCE_WEEKS }, (_, i) => 5 + i);
    for (const status of ['IR', 'PUP-R', 'Sus']) expect(zeros(status)).toEqual(fourWeeks);
  });

  it('keeps a questionable or doubtful player this week and treats him as healthy after it', () => {
    for (const injuryStatus of ['Questionable', 'D']) {
      expect(restOfSeasonWeeks({ ...healthy, injuryStatus }, 3, 6)).toEqual(restOfSeasonWeeks(healthy, 3, 6));
    }
  });

  it('expects fewer points and a wider spread the further out a week is, levelling off at the long-run share', () => {
    const star = { ...healthy, position: 'QB', mean: 25, std: 8 };
    const weeks = restOfSeasonWeeks(star, 1, 17);
    for (let i = 1; i < weeks.length; i += 1) {
      expect(weeks[i]!.mean).toBeLessThan(weeks[i - 1]!.mean);
      expect(weeks[i]!.std).toBeGreaterThanOrEqual(weeks[i - 1]!.std);
    }
    const longRun = ROS_DECAY.QB.share * 25 + (1 - ROS_DECAY.QB.share) * ROS_DECAY.QB.target;
    expect(weeks.at(-1)!.mean).toBeCloseTo(longRun, 1);
    expect(weeks.at(-1)!.mean).toBeGreaterThan(10);
  });

  it('pulls a kicker toward the position level from either side, and carries a defense or IDP as it is', () => {
    const farOut = (position: string, mean: number) =>
      restOfSeasonWeeks({ ...healthy, position, mean }, 1, 12).at(-1)!;
    expect(farOut('K', 12).mean).toBeLessThan(9);
    expect(farOut('K', 3).mean).toBeGreaterThan(6);
    expect(farOut('DEF', 9)).toEqual({ week: 12, mean: 9, std: 7 });
    expect(farOut('LB', 9)).toEqual({ week: 12, mean: 9, std: 7 });
  });

  it('uses the constants the committed rest-of-season backtest was run with', () => {
    const file = path.resolve(import.meta.dirname, '../../ros-backtest.json');
    const card = JSON.parse(readFileSync(file, 'utf8'));
    const { DEF: _def, ...measured } = ROS_DECAY;
    expect(card.decay).toEqual(measured);
  });
});
