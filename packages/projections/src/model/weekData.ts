import type { ProjectedRow, WeeklyStatRow } from '../csv/parseNflcomCsv.js';

/** One NFL week as the model sees it: NFL.com's pre-game rows and, once played, the results. */
export interface WeekData {
  season: number;
  week: number;
  projected: ProjectedRow[];
  /** Actual stat lines; null while the week has no results yet. */
  actual: WeeklyStatRow[] | null;
}

/** The pre-game part of a week: all a projection may look at. */
export type WeekSlate = Pick<WeekData, 'season' | 'week' | 'projected'>;

const WEEKS_PER_SEASON_SLOT = 100;

/** A sortable number for (season, week): 2024 week 3 → 202403. */
export function weekOrdinal(season: number, week: number): number {
  return season * WEEKS_PER_SEASON_SLOT + week;
}

export function sortWeeks<T extends { season: number; week: number }>(weeks: readonly T[]): T[] {
  return [...weeks].sort((a, b) => weekOrdinal(a.season, a.week) - weekOrdinal(b.season, b.week));
}
