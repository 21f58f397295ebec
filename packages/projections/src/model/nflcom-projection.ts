import type { ProjectedRow, WeeklyStatRow } from '../csv/parse-nflcom-csv.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import type { ScoringRules } from '../scoring/scoring-rules.js';
import type { ExpertInput, ResultRow, SlateRow, WeekData } from './week-data.js';

/** From 2024 the projected files carry NFL.com's projected stat line; before, their stat columns are the results. */
export const FIRST_SEASON_WITH_PROJECTED_STAT_LINES = 2024;

/**
 * The private league behind PlayerWeekProjectedPts scores like PPR with half a point per
 * reception (measured on 2024–2025, where both exist: mean gap 0.006 points).
 */
export const NFLCOM_TOTAL_POINTS_PER_RECEPTION = 0.5;

/** NFL.com's data as read from its weekly files: projected rows and, once played, actual lines. */
export interface NflcomWeek {
  season: number;
  week: number;
  projected: ProjectedRow[];
  actual: WeeklyStatRow[] | null;
}

export function hasProjectedStatLine(row: Pick<ProjectedRow, 'season'>): boolean {
  return row.season >= FIRST_SEASON_WITH_PROJECTED_STAT_LINES;
}

/** NFL.com's projection rescored to `rules`, when the file carries a projected stat line; null otherwise. */
export function rescoredNflcomProjection(row: ProjectedRow, rules: ScoringRules): number | null {
  if (row.nflcomPoints === null || !hasProjectedStatLine(row)) return null;
  return scoreStatLine(row.stats, rules, row.position);
}

/**
 * NFL.com's projection as an expert input: its projected stat line from 2024, its published
 * total (half a point per catch) before — never the pre-2024 stat columns, which are the results.
 * None when the total is blank.
 */
export function nflcomExpertInput(row: ProjectedRow): ExpertInput | null {
  if (row.nflcomPoints === null) return null;
  if (hasProjectedStatLine(row)) return { stats: row.stats, total: null };
  return {
    stats: null,
    total: { points: row.nflcomPoints, perReception: NFLCOM_TOTAL_POINTS_PER_RECEPTION },
  };
}

function identityOf(row: ProjectedRow | WeeklyStatRow) {
  const { nflId, name, position, season, week, team, opponent, isHome } = row;
  return { playerId: nflId, name, position, season, week, team, opponent, isHome };
}

export function slateRowFromNflcom(row: ProjectedRow): SlateRow {
  const input = nflcomExpertInput(row);
  return { ...identityOf(row), experts: input ? { nflcom: input } : {} };
}

export function resultRowFromNflcom(row: WeeklyStatRow): ResultRow {
  const { nflId, ...rest } = row;
  return { ...rest, playerId: nflId };
}

/** An NFL.com week as model input, players identified by their NFL.com id. */
export function modelWeekFromNflcom(week: NflcomWeek): WeekData {
  return {
    season: week.season,
    week: week.week,
    slate: week.projected.map(slateRowFromNflcom),
    actual: week.actual ? week.actual.map(resultRowFromNflcom) : null,
  };
}
