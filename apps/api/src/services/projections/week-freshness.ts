import type { WeekFreshness } from '@fm/contract';
import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { sourceRank } from './projection-sources.js';

export type { WeekFreshness };

const cachedFreshness = createDataCache<WeekFreshness>();

export function loadWeekFreshness(
  { database, dataVersion }: DataDeps,
  season: number,
  week: number,
): Promise<WeekFreshness> {
  return cachedFreshness({ dataVersion }, `freshness:${season}:${week}`, async () => {
    const rows = await executeRows<{ source: string; updated_at: string | Date }>(
      database.db,
      sql`select source, max(updated_at) as updated_at from projections
          where season = ${season} and week = ${week} group by source`,
    );
    const times = rows.map((row) => new Date(row.updated_at).getTime()).filter(Number.isFinite);
    return {
      updated_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
      sources: rows.map((row) => row.source).sort((a, b) => sourceRank(a) - sourceRank(b)),
    };
  });
}
