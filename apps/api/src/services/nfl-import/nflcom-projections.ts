import type { FantasyPoints } from '../nfl-stats/fantasy-points.js';
import type { NflFileRow } from './nfl-file-rows.js';
import type { ProjectionRow } from './projection-writer.js';

export const NFLCOM_SOURCE = 'nflcom';
/**
 * From 2024 the projection files hold NFL.com's projected stat line, which we score PPR.
 * Before, their stat columns hold the actual line and only PlayerWeekProjectedPts (in another
 * league's scoring) is a projection, so that number is used as it is.
 */
export const FIRST_SEASON_WITH_PROJECTED_STAT_LINES = 2024;
/** z of the 90th percentile of the standard normal. */
const Z90 = 1.2815515655446004;
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

export interface ProjectedPoints {
  row: NflFileRow;
  season: number;
  week: number;
  predMean: number;
  /** The projected stat line, when the file holds one. */
  stats: Record<string, number> | null;
}

export function projectedPointsOf(
  row: NflFileRow,
  season: number,
  week: number,
  score: (stats: NflFileRow['stats']) => FantasyPoints,
): ProjectedPoints | null {
  if (season >= FIRST_SEASON_WITH_PROJECTED_STAT_LINES) {
    const { reception_pct: _pct, ...stats } = row.stats;
    return { row, season, week, predMean: score(row.stats).ppr, stats };
  }
  return row.projectedPoints === null
    ? null
    : { row, season, week, predMean: row.projectedPoints, stats: null };
}

/**
 * How far NFL.com's projection misses, by position: the standard deviation of actual PPR points
 * minus the projection, over the player-weeks of this import that have both.
 */
export function measureSpreadByPosition(
  projected: ProjectedPoints[],
  actualPpr: (nflId: string, season: number, week: number) => number | undefined,
): Record<string, number> {
  const residuals = new Map<string, number[]>();
  for (const entry of projected) {
    const actual = actualPpr(entry.row.nflId, entry.season, entry.week);
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
    spread[position] = Math.round(Math.sqrt(variance) * 100) / 100;
  }
  return spread;
}

/** NFL.com's projection as a row of source 'nflcom': a normal around it with the measured spread. */
export function toNflcomProjection(
  entry: ProjectedPoints,
  playerId: number,
  spreadByPosition: Record<string, number>,
): ProjectionRow {
  const predMean = Math.round(entry.predMean * 100) / 100;
  const predStd = spreadByPosition[entry.row.position] ?? TYPICAL_NFLCOM_SPREAD.WR!;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    player_id: playerId,
    season: entry.season,
    week: entry.week,
    source: NFLCOM_SOURCE,
    model_version: null,
    team: entry.row.team,
    opponent: entry.row.isHome ? entry.row.opponent : `@${entry.row.opponent}`,
    pred_mean: predMean,
    pred_std: predStd,
    p10: round(Math.max(0, predMean - Z90 * predStd)),
    p50: predMean,
    p90: round(predMean + Z90 * predStd),
    stats: entry.stats,
  };
}
