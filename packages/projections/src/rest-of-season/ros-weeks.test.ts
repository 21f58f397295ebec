import { describe, expect, it } from 'vitest';
import { LONG_ABSENCE_WEEKS, restOfSeasonWeeks, type RosPlayerInput } from './ros-weeks.js';

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
});
