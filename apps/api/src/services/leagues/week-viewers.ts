import { leagueWeekViews } from '@fm/db';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { LeaguePlatform } from './connections.js';

/** A league opened in a week, and its most recent viewer (whose linked account reads it). */
export interface LeagueWeekViewer {
  platform: LeaguePlatform;
  leagueId: string;
  userId: string;
}

/** The leagues opened in `week` (since `viewedSince` when given), at most `max`, the most recently opened first. */
export async function leagueWeekViewers(
  deps: Pick<AppDeps, 'database'>,
  week: { season: number; week: number },
  options: { max: number; viewedSince?: Date },
): Promise<LeagueWeekViewer[]> {
  const rows = await deps.database.db
    .select({
      platform: leagueWeekViews.platform,
      leagueId: leagueWeekViews.leagueId,
      userId: leagueWeekViews.userId,
    })
    .from(leagueWeekViews)
    .where(
      and(
        eq(leagueWeekViews.season, week.season),
        eq(leagueWeekViews.week, week.week),
        options.viewedSince && gt(leagueWeekViews.viewedAt, options.viewedSince),
      ),
    )
    .orderBy(desc(leagueWeekViews.viewedAt));
  const leagues = new Map<string, LeagueWeekViewer>();
  for (const row of rows) {
    const key = `${row.platform}:${row.leagueId}`;
    if (!leagues.has(key) && leagues.size < options.max) {
      leagues.set(key, { ...row, platform: row.platform as LeaguePlatform });
    }
  }
  return [...leagues.values()];
}
