import { executeRows, type Database } from '@fm/db';
import { sql } from 'drizzle-orm';
import { createDataCache } from '../data-cache.js';

export interface SeasonWeeks {
  season: number;
  weeks: number[];
}

export interface AvailableWeeks {
  /** Newest season first; weeks ascending. */
  seasons: SeasonWeeks[];
  latest: { season: number; week: number } | null;
}

const cachedWeeks = createDataCache<AvailableWeeks>();

/** The seasons and weeks that have at least one projection, from any source. */
export function loadAvailableWeeks(database: Database): Promise<AvailableWeeks> {
  return cachedWeeks(database, 'available-weeks', async () => {
    const rows = await executeRows<{ season: number; week: number }>(
      database.db,
      sql`select distinct season, week from projections order by season desc, week asc`,
    );
    const bySeason = new Map<number, number[]>();
    for (const row of rows) {
      const season = Number(row.season);
      const weeks = bySeason.get(season) ?? [];
      weeks.push(Number(row.week));
      bySeason.set(season, weeks);
    }
    const seasons = [...bySeason].map(([season, weeks]) => ({ season, weeks }));
    const newest = seasons[0];
    const latestWeek = newest?.weeks[newest.weeks.length - 1];
    return {
      seasons,
      latest: newest && latestWeek !== undefined ? { season: newest.season, week: latestWeek } : null,
    };
  });
}

/**
 * The week a projections query means: the one asked for, else the latest week of the season
 * asked for (or of the latest season). Null when nothing has been projected.
 */
export function resolveWeek(
  available: AvailableWeeks,
  asked: { season?: number | undefined; week?: number | undefined },
): { season: number; week: number } | null {
  const season = asked.season ?? available.latest?.season;
  if (season === undefined) return null;
  if (asked.week !== undefined) return { season, week: asked.week };
  const weeks = available.seasons.find((s) => s.season === season)?.weeks;
  const latestWeek = weeks?.[weeks.length - 1];
  return latestWeek === undefined ? null : { season, week: latestWeek };
}
