import { scoreStatLine } from '../scoring/scoreStatLine.js';
import { PPR } from '../scoring/scoringRules.js';
import type { Position } from '../stats/statLine.js';
import { rescoredNflcomProjection } from '../model/nflcomProjection.js';
import type { PointsDistribution } from '../model/predictDistribution.js';
import { ProjectionHistory, type PlayerWeekFeatures } from '../model/projectionHistory.js';
import { projectWeek } from '../model/projectWeek.js';
import { trainModel, type ProjectionModel } from '../model/trainModel.js';
import { sortWeeks, type WeekData } from '../model/weekData.js';

/** The README's reference population: players NFL.com projects at least this many PPR points… */
export const MIN_NFLCOM_PROJECTION = 5;
/** …who then scored more than this. */
export const MIN_ACTUAL_POINTS = 0;

export interface BacktestRow {
  season: number;
  week: number;
  nflId: number;
  name: string;
  position: Position;
  actual: number;
  model: PointsDistribution;
  /** NFL.com's projected stat line rescored to PPR (before 2024: its total converted to PPR, see nflcomPprEstimate). */
  nflcom: number;
  /** The player's season-to-date PPR average (previous season's in his first game, else NFL.com's figure). */
  seasonAverage: number;
}

export interface WalkForwardResult {
  rows: BacktestRow[];
  /** Milliseconds spent training, summed over weeks. */
  trainingMs: number;
  weeksEvaluated: number;
}

/**
 * Walks through the weeks in order; for each week of an evaluated season that has
 * results, it retrains on every earlier week, projects, and only then reveals the week.
 */
export function walkForward(weeks: readonly WeekData[], seasons: readonly number[]): WalkForwardResult {
  const history = new ProjectionHistory(PPR);
  const rows: BacktestRow[] = [];
  let model: ProjectionModel | undefined;
  let trainingMs = 0;
  let weeksEvaluated = 0;
  for (const week of sortWeeks(weeks)) {
    const features = history.featuresFor(week);
    if (seasons.includes(week.season) && week.actual) {
      const started = performance.now();
      model = trainModel(history.trainingSet, model);
      trainingMs += performance.now() - started;
      rows.push(...scoreWeek(week, features, model));
      weeksEvaluated += 1;
    }
    history.observe(week, features);
  }
  return { rows, trainingMs, weeksEvaluated };
}

function scoreWeek(
  week: WeekData,
  features: readonly PlayerWeekFeatures[],
  model: ProjectionModel,
): BacktestRow[] {
  const actualById = new Map((week.actual ?? []).map((line) => [line.nflId, line]));
  const projections = projectWeek(model, features);
  const rows: BacktestRow[] = [];
  features.forEach((entry, index) => {
    const line = actualById.get(entry.row.nflId);
    const projection = projections[index];
    // Seasons before 2024 have no projected stat line; the published total plus estimated catches stands in.
    const nflcom = rescoredNflcomProjection(entry.row, PPR) ?? entry.nflcom;
    if (!line || !projection || nflcom === null || nflcom < MIN_NFLCOM_PROJECTION) return;
    const actual = scoreStatLine(line, PPR, line.position);
    if (actual <= MIN_ACTUAL_POINTS) return;
    const { features: f } = entry;
    const seasonAverage =
      f.noSeasonGames === 0 ? f.seasonAvg : f.noPrevSeason === 0 ? f.prevSeasonAvg : nflcom;
    rows.push({
      season: week.season,
      week: week.week,
      nflId: entry.row.nflId,
      name: entry.row.name,
      position: entry.row.position,
      actual,
      model: projection,
      nflcom,
      seasonAverage,
    });
  });
  return rows;
}
