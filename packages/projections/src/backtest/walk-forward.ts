import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR } from '../scoring/scoring-rules.js';
import type { Position } from '../stats/stat-line.js';
import type { BlendChoice } from '../model/expert-blend.js';
import type { ExpertPoints } from '../model/experts.js';
import { ModelWalk } from '../model/model-walk.js';
import type { PlayerProjection } from '../model/player-projection.js';
import type { PointsDistribution } from '../model/predict-distribution.js';
import type { PlayerWeekFeatures } from '../model/projection-history.js';
import { sortWeeks, type WeekData } from '../model/week-data.js';

/** The reference population: players the experts project at least this many PPR points… */
export const MIN_EXPERT_PROJECTION = 5;
/** …who then scored more than this. */
export const MIN_ACTUAL_POINTS = 0;

export interface BacktestRow {
  season: number;
  week: number;
  playerId: number;
  name: string;
  position: Position;
  actual: number;
  model: PointsDistribution;
  /**
   * Each expert's projection in PPR: a projected stat line rescored (NFL.com before 2024: its
   * total converted to PPR), null where it published none.
   */
  experts: ExpertPoints;
  /** The experts' average, which decides whether the row is in the reference population. */
  consensus: number;
  /** The player's season-to-date PPR average (previous season's in his first game, else the experts'). */
  seasonAverage: number;
}

export interface WalkForwardResult {
  rows: BacktestRow[];
  /** Milliseconds spent projecting (training included), summed over weeks. */
  trainingMs: number;
  weeksEvaluated: number;
  /** Per position, the experts' mix and our fit's weight the walk had learned by its end. */
  blend: Record<Position, BlendChoice & { recordRows: number }>;
}

/**
 * Walks through the weeks in order; each week is projected by the model refitted on every
 * earlier week, then revealed. Weeks of the evaluated seasons that have results are scored.
 */
export function walkForward(weeks: readonly WeekData[], seasons: readonly number[]): WalkForwardResult {
  const walk = new ModelWalk(PPR);
  const rows: BacktestRow[] = [];
  let trainingMs = 0;
  let weeksEvaluated = 0;
  for (const week of sortWeeks(weeks)) {
    const started = performance.now();
    const { projections, features } = walk.projectWithFeatures(week);
    trainingMs += performance.now() - started;
    if (seasons.includes(week.season) && week.actual) {
      rows.push(...scoreWeek(week, features, projections));
      weeksEvaluated += 1;
    }
    walk.observe(week);
  }
  return { rows, trainingMs, weeksEvaluated, blend: walk.blendChoices() };
}

function scoreWeek(
  week: WeekData,
  features: readonly PlayerWeekFeatures[],
  projections: readonly PlayerProjection[],
): BacktestRow[] {
  const actualById = new Map((week.actual ?? []).map((line) => [line.playerId, line]));
  const rows: BacktestRow[] = [];
  features.forEach((entry, index) => {
    const line = actualById.get(entry.row.playerId);
    const projection = projections[index];
    const { consensus } = entry;
    if (!line || !projection || consensus === null || consensus < MIN_EXPERT_PROJECTION) return;
    const actual = scoreStatLine(line, PPR, line.position);
    if (actual <= MIN_ACTUAL_POINTS) return;
    const { features: f } = entry;
    const seasonAverage =
      f.noSeasonGames === 0 ? f.seasonAvg : f.noPrevSeason === 0 ? f.prevSeasonAvg : consensus;
    rows.push({
      season: week.season,
      week: week.week,
      playerId: entry.row.playerId,
      name: entry.row.name,
      position: entry.row.position,
      actual,
      model: projection,
      experts: entry.experts,
      consensus,
      seasonAverage,
    });
  });
  return rows;
}
