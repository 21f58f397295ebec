import type { PlayerWeekIdentity } from '../csv/parseNflcomCsv.js';
import { PPR, type ScoringRules } from '../scoring/scoringRules.js';
import type { StatLine } from '../stats/statLine.js';
import { predictDistribution, type PointsDistribution } from './predictDistribution.js';
import { ProjectionHistory, type PlayerWeekFeatures } from './projectionHistory.js';
import { projectStatLine } from './projectStatLine.js';
import { trainModel, type ProjectionModel } from './trainModel.js';
import { sortWeeks, weekOrdinal, type WeekData, type WeekSlate } from './weekData.js';

/** Projections are published to the hundredth of a point. */
const POINT_DECIMALS = 100;

export interface PlayerProjection extends PlayerWeekIdentity, PointsDistribution {
  /** NFL.com's projection for the week in the same scoring (estimated before 2024), if published. */
  nflcom: number | null;
  /** Projected stat line, keyed like player_week_stats columns, scoring to predMean. */
  stats: StatLine;
  modelVersion: string;
}

/** Projections for one week from a trained model and that week's features. */
export function projectWeek(
  model: ProjectionModel,
  weekFeatures: readonly PlayerWeekFeatures[],
  rules: ScoringRules = PPR,
): PlayerProjection[] {
  return weekFeatures.map((entry) => {
    const { row } = entry;
    const distribution = roundDistribution(
      predictDistribution(model, row.position, entry.features, entry.nflcom),
    );
    return {
      nflId: row.nflId,
      name: row.name,
      position: row.position,
      season: row.season,
      week: row.week,
      team: row.team,
      opponent: row.opponent,
      isHome: row.isHome,
      ...distribution,
      nflcom: entry.nflcom === null ? null : roundPoints(entry.nflcom),
      stats: projectStatLine(entry, distribution.predMean, rules),
      modelVersion: model.version,
    };
  });
}

function roundPoints(value: number): number {
  return Math.round(value * POINT_DECIMALS) / POINT_DECIMALS;
}

function roundDistribution(distribution: PointsDistribution): PointsDistribution {
  return {
    predMean: roundPoints(distribution.predMean),
    predStd: roundPoints(distribution.predStd),
    p10: roundPoints(distribution.p10),
    p50: roundPoints(distribution.p50),
    p90: roundPoints(distribution.p90),
  };
}

/**
 * Projections for `slate` from every earlier week of `weeks` (later weeks, and the
 * slate's own results if present, are ignored): the entry point for a week not yet played.
 */
export function projectWeekFromHistory(weeks: readonly WeekData[], slate: WeekSlate): PlayerProjection[] {
  const target = weekOrdinal(slate.season, slate.week);
  const history = new ProjectionHistory(PPR);
  for (const week of sortWeeks(weeks)) {
    if (weekOrdinal(week.season, week.week) >= target) break;
    history.observe(week);
  }
  return projectWeek(trainModel(history.trainingSet), history.featuresFor(slate));
}
