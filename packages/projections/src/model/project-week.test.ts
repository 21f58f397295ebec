import { describe, expect, it } from 'vitest';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';
import { readWeeks } from '../testing/nfl-data.js';
import { ProjectionHistory } from './projection-history.js';
import { projectWeekFromHistory } from './project-week.js';
import type { WeekData } from './week-data.js';

const SEASON = 2024;
const TARGET_WEEK = 7;
const weeks = readWeeks(SEASON, TARGET_WEEK + 1);
const slateOf = (all: readonly WeekData[], week: number) => {
  const found = all.find((candidate) => candidate.week === week);
  if (!found) throw new Error(`week ${week} missing`);
  return found;
};

/** A copy of the data where every result from `fromWeek` on is rewritten (tripled stats, shuffled ids). */
function tamperFrom(all: readonly WeekData[], fromWeek: number): WeekData[] {
  return all.map((week) => {
    if (week.week < fromWeek) return week;
    return {
      ...week,
      actual: (week.actual ?? []).map((line) => ({
        ...line,
        passYd: line.passYd * 3,
        rec: line.rec + 5,
        recTd: 3,
      })),
      slate: week.week > fromWeek ? [] : week.slate,
    };
  });
}

describe('projectWeekFromHistory', () => {
  const projections = projectWeekFromHistory(weeks, slateOf(weeks, TARGET_WEEK));

  it('projects every player NFL.com lists for the week', () => {
    expect(projections).toHaveLength(slateOf(weeks, TARGET_WEEK).slate.length);
    expect(new Set(projections.map((projection) => projection.week))).toEqual(new Set([TARGET_WEEK]));
  });

  it('does not change when results of the target week or later change (no leakage)', () => {
    const tampered = tamperFrom(weeks, TARGET_WEEK);
    expect(projectWeekFromHistory(tampered, slateOf(tampered, TARGET_WEEK))).toEqual(projections);
  });

  it('does change when an earlier week changes (the check above can fail)', () => {
    const tampered = tamperFrom(weeks, TARGET_WEEK - 1);
    expect(projectWeekFromHistory(tampered, slateOf(tampered, TARGET_WEEK))).not.toEqual(projections);
  });

  it('projects a week with no results yet the same as one with results', () => {
    const unplayed = weeks.map((week) => (week.week === TARGET_WEEK ? { ...week, actual: null } : week));
    expect(projectWeekFromHistory(unplayed, slateOf(unplayed, TARGET_WEEK))).toEqual(projections);
  });

  it('gives ordered, floored quantiles and a positive spread for every player', () => {
    for (const projection of projections) {
      expect(projection.p10).toBeGreaterThanOrEqual(0);
      expect(projection.p10).toBeLessThanOrEqual(projection.p50);
      expect(projection.p50).toBeLessThanOrEqual(projection.p90);
      expect(projection.predMean).toBeGreaterThanOrEqual(0);
      expect(projection.predStd).toBeGreaterThan(0);
    }
  });

  it('is right-skewed for starters: on average the upside above the median exceeds the downside', () => {
    const starters = projections.filter((projection) => projection.predMean >= 10);
    expect(starters.length).toBeGreaterThan(50);
    const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const upside = meanOf(starters.map((projection) => projection.p90 - projection.p50));
    const downside = meanOf(starters.map((projection) => projection.p50 - projection.p10));
    expect(upside).toBeGreaterThan(downside);
  });

  it("keeps NFL.com's figure for players it does not expect to play", () => {
    const ruledOut = projections.filter((projection) => projection.experts.nflcom === 0);
    expect(ruledOut.length).toBeGreaterThan(0);
    for (const projection of ruledOut)
      expect([projection.predMean, projection.p10, projection.p50]).toEqual([0, 0, 0]);
  });

  it('projects a stat line that scores to the projected points', () => {
    const projected = projections.filter((candidate) => candidate.predMean > 5);
    expect(projected.length).toBeGreaterThan(100);
    for (const projection of projected) {
      expect(scoreStatLine(projection.stats, PPR, projection.position)).toBeCloseTo(projection.predMean, 0);
    }
  });
});

describe('ProjectionHistory', () => {
  it('refuses features for a week whose results it has already seen', () => {
    const history = new ProjectionHistory();
    history.observe(slateOf(weeks, 1));
    history.observe(slateOf(weeks, 2));
    expect(() => history.featuresFor(slateOf(weeks, 2))).toThrow(/after later results/);
    expect(() => history.observe(slateOf(weeks, 1))).toThrow(/out of order/);
    expect(history.featuresFor(slateOf(weeks, 3)).length).toBeGreaterThan(0);
  });
});
