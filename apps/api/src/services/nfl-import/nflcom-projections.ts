import {
  hasProjectedStatLine,
  normalPercentiles,
  PPR,
  rescoredNflcomProjection,
  scoreStatLine,
  STAT_KEYS,
  type ProjectedRow,
  type StatLine,
  type WeeklyStatRow,
  roundPoints,
} from '@fm/projections';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';
import type { ProjectionRow } from './projection-writer.js';

import { NFLCOM_SOURCE } from '../projections/projection-sources.js';
/** Fewer pairs than this at a position and the spread falls back to the typical one below. */
const MIN_PAIRS_FOR_SPREAD = 30;
/** Residual standard deviation of NFL.com's PPR projections on 2024–2025, by position (rounded). */
export const TYPICAL_NFLCOM_SPREAD: Record<string, number> = {
  QB: 7.5,
  RB: 6.5,
  WR: 6.5,
  TE: 5,
  K: 4,
  DEF: 5,
};

export interface NflcomPoints {
  row: ProjectedRow;
  predMean: number;
  /** The projected stat line, when the file holds one (2024 on). */
  stats: StatLine | null;
}

/**
 * NFL.com's projection of a row. From 2024 the projected files hold NFL.com's projected stat
 * line, rescored here to PPR. Before, their stat columns are the actual results and only
 * PlayerWeekProjectedPts (in that league's own scoring) is a projection: that figure is used as
 * published. Null when NFL.com published none.
 */
export function nflcomPointsOf(row: ProjectedRow): NflcomPoints | null {
  if (hasProjectedStatLine(row)) {
    const predMean = rescoredNflcomProjection(row, PPR);
    return predMean === null ? null : { row, predMean, stats: row.stats };
  }
  return row.nflcomPoints === null ? null : { row, predMean: row.nflcomPoints, stats: null };
}

export function actualPprOf(row: WeeklyStatRow): number {
  return scoreStatLine(row, PPR, row.position);
}

/**
 * How far NFL.com's projection misses, by position: the standard deviation of actual PPR points
 * minus the projection, over the player-weeks of this import that have both.
 */
export function measureSpreadByPosition(
  projected: NflcomPoints[],
  actualPpr: (row: ProjectedRow) => number | undefined,
): Record<string, number> {
  const residuals = new Map<string, number[]>();
  for (const entry of projected) {
    const actual = actualPpr(entry.row);
    if (actual === undefined) continue;
    const list = residuals.get(entry.row.position) ?? [];
    list.push(actual - entry.predMean);
    residuals.set(entry.row.position, list);
  }
  const spread: Record<string, number> = { ...TYPICAL_NFLCOM_SPREAD };
  for (const [position, list] of residuals) {
    if (list.length < MIN_PAIRS_FOR_SPREAD) continue;
    const mean = list.reduce((sum, v) => sum + v, 0) / list.length;
    const variance = list.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (list.length - 1);
    spread[position] = roundPoints(Math.sqrt(variance));
  }
  return spread;
}

/**
 * A projected stat line as stored in projections.stats: keyed like the player_week_stats
 * columns (pass_yd…), zeros left out (a projected line is mostly zeros).
 */
export function compactStats(stats: StatLine | null): Record<string, number> | null {
  if (!stats) return null;
  const stored: Record<string, number> = {};
  for (const key of STAT_KEYS) if (stats[key] !== 0) stored[COLUMN_OF_STAT[key]] = stats[key];
  return stored;
}

/**
 * An expert's projection as a row: a normal around the projected points with spread `predStd` (the
 * experts publish points, not a distribution). `stats` is the projected line, when there is one.
 */
export function normalProjectionRow(
  row: Pick<ProjectionRow, 'player_id' | 'season' | 'week' | 'source' | 'team' | 'opponent'>,
  points: number,
  predStd: number,
  stats: StatLine | null,
): ProjectionRow {
  const predMean = roundPoints(points);
  const { p10, p90 } = normalPercentiles(predMean, predStd);
  return {
    ...row,
    model_version: null,
    pred_mean: predMean,
    pred_std: predStd,
    p10: roundPoints(p10),
    p50: predMean,
    p90: roundPoints(p90),
    stats: compactStats(stats),
  };
}

/** NFL.com's projection as a row of source 'nflcom': a normal around it with the measured spread. */
export function toNflcomProjection(
  entry: NflcomPoints,
  playerId: number,
  spreadByPosition: Record<string, number>,
): ProjectionRow {
  const { row } = entry;
  return normalProjectionRow(
    {
      player_id: playerId,
      season: row.season,
      week: row.week,
      source: NFLCOM_SOURCE,
      team: row.team,
      opponent: row.isHome ? row.opponent : `@${row.opponent}`,
    },
    entry.predMean,
    spreadByPosition[row.position] ?? TYPICAL_NFLCOM_SPREAD.WR!,
    entry.stats,
  );
}
