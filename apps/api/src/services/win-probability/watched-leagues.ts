import { leagueWeekViews } from '@fm/db';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { readLeagueWeek } from '../leagues/details.js';
import { recordMatchupTimelines } from './timeline.js';

/** A league opened within this long is followed through the week's games. */
const FOLLOWED_FOR_MS = 7 * 24 * 60 * 60_000;
/** At most this many leagues are recomputed per stats change (the most recently opened first). */
export const MAX_FOLLOWED_LEAGUES = 200;

/**
 * After a game-day stats change: every league someone opened this week is read again (with the most recent
 * viewer's linked account, charging nobody's league reads) and one timeline point per matchup is recorded for the
 * new data version while its week is played.
 */
export async function recordFollowedLeagues(
  deps: AppDeps,
  week: { season: number; week: number },
  signal?: AbortSignal,
): Promise<number> {
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
        gt(leagueWeekViews.viewedAt, new Date(Date.now() - FOLLOWED_FOR_MS)),
      ),
    )
    .orderBy(desc(leagueWeekViews.viewedAt));
  const leagues = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.platform}:${row.leagueId}`;
    if (!leagues.has(key) && leagues.size < MAX_FOLLOWED_LEAGUES) leagues.set(key, row);
  }
  let loaded = 0;
  for (const { platform, leagueId, userId } of leagues.values()) {
    if (signal?.aborted) break;
    try {
      const { details } = await readLeagueWeek(deps, userId, {
        platform: platform as LeaguePlatform,
        leagueId,
        week: week.week,
      });
      if (!details.is_week_complete) await recordMatchupTimelines(deps, details);
      loaded++;
    } catch (error) {
      deps.log.warn(
        { err: error, platform, leagueId },
        'a followed league could not be reloaded for its timeline',
      );
    }
  }
  return loaded;
}
