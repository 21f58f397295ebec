import type { DataDeps } from '../../core-deps.js';
import { loadAvailableWeeks } from '../projections/available-weeks.js';
import { nflSeasonOn } from '@fm/contract';

/** The season a CSV row without a season column is imported into, and why that one. */
export interface ImportSeason {
  season: number;
  /** In words, for the preview: "the season of the NFL week in play (week 12)". */
  reason: string;
}

/**
 * Rows without a season go to the season of the NFL week in play (as the live-data sync last read it),
 * else to the latest season we hold projections of, else to the NFL season by the calendar (from
 * August on, this year's). Never simply the calendar year: in January the season in play is last year's.
 */
export async function resolveImportSeason(deps: DataDeps, now = new Date()): Promise<ImportSeason> {
  const weeks = await loadAvailableWeeks(deps);
  if (weeks.current)
    return {
      season: weeks.current.season,
      reason: `the season of the NFL week in play (week ${weeks.current.week})`,
    };
  const latest = weeks.seasons[0]?.season;
  if (latest !== undefined) return { season: latest, reason: 'the latest season with projections' };
  return { season: nflSeasonOn(now), reason: 'the NFL season by the calendar (no data held yet)' };
}
