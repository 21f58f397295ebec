import { nflSeasonOn } from '@fm/contract';
import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { PUBLISHED_SOURCES } from './projection-sources.js';

export interface SeasonWeeks {
  season: number;
  weeks: number[];
}

export interface WeekRef {
  season: number;
  week: number;
}

export interface AvailableWeeks {
  /** Newest season first; weeks ascending. */
  seasons: SeasonWeeks[];
  /** The week answered when a query names none: see `defaultWeek`. */
  latest: WeekRef | null;
  /** The NFL's current week as the live-data sync last read it; null without a sync. */
  current: WeekRef | null;
  /** Season → its newest week with an expert's or our model's projections (weeks ascend, so the last wins). */
  newestPublishedWeek: Record<number, number>;
}

const cachedWeeks = createDataCache<AvailableWeeks>();

/**
 * The week a page opens on: the NFL's current week when it has projections, else the newest week
 * an expert or our model has published. A week only an admin CSV covers is never the default
 * (unless nothing else exists), so an import of an old or partial week cannot take over the page.
 */
export function defaultWeek(
  published: readonly WeekRef[],
  all: readonly WeekRef[],
  current: WeekRef | null,
): WeekRef | null {
  const has = (list: readonly WeekRef[], ref: WeekRef) =>
    list.some((entry) => entry.season === ref.season && entry.week === ref.week);
  if (current && has(published, current)) return current;
  const newest = (list: readonly WeekRef[]) =>
    list.reduce<WeekRef | null>(
      (best, ref) =>
        !best || ref.season > best.season || (ref.season === best.season && ref.week > best.week)
          ? ref
          : best,
      null,
    );
  return newest(published) ?? newest(all);
}

/** The season of the NFL week in play as the live-data sync last read it; the calendar's without a sync. */
export async function seasonInPlay(deps: DataDeps, now = new Date()): Promise<number> {
  const { current } = await loadAvailableWeeks(deps);
  return current?.season ?? nflSeasonOn(now);
}

/** The seasons and weeks that have at least one projection, from any source. */
export function loadAvailableWeeks({ database, dataVersion }: DataDeps): Promise<AvailableWeeks> {
  return cachedWeeks({ dataVersion }, 'available-weeks', async () => {
    const [rows, record] = await Promise.all([
      executeRows<{ season: number; week: number; is_published: boolean | string }>(
        database.db,
        sql`select season, week,
                   bool_or(source in (${sql.join(
                     PUBLISHED_SOURCES.map((source) => sql`${source}`),
                     sql`, `,
                   )})) as is_published
            from projections group by season, week order by season desc, week asc`,
      ),
      readSyncRecord(database),
    ]);
    const all = rows.map((row) => ({ season: Number(row.season), week: Number(row.week) }));
    const published = rows
      .filter((row) => row.is_published === true || row.is_published === 't')
      .map((row) => ({ season: Number(row.season), week: Number(row.week) }));
    const bySeason = new Map<number, number[]>();
    for (const { season, week } of all) bySeason.set(season, [...(bySeason.get(season) ?? []), week]);
    const nflWeek = record.nflWeek;
    const current =
      nflWeek && nflWeek.seasonType === 'regular' && nflWeek.week >= 1
        ? { season: nflWeek.season, week: nflWeek.week }
        : null;
    return {
      seasons: [...bySeason].map(([season, weeks]) => ({ season, weeks })),
      latest: defaultWeek(published, all, current),
      current,
      newestPublishedWeek: Object.fromEntries(published.map(({ season, week }) => [season, week])),
    };
  });
}

/**
 * The week a projections query means: the one asked for; else, for a season asked, its newest
 * published week (the current week for the current season); else the default week. Null when
 * nothing has been projected.
 */
export function resolveWeek(
  available: AvailableWeeks,
  asked: { season?: number | undefined; week?: number | undefined },
): WeekRef | null {
  if (asked.season === undefined && asked.week === undefined) return available.latest;
  const season = asked.season ?? available.latest?.season;
  if (season === undefined) return null;
  if (asked.week !== undefined) return { season, week: asked.week };
  if (available.latest?.season === season) return available.latest;
  const weeks = available.seasons.find((s) => s.season === season)?.weeks;
  const week = available.newestPublishedWeek[season] ?? weeks?.[weeks.length - 1];
  return week === undefined ? null : { season, week };
}
