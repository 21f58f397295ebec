import type { AppDeps } from '../../deps.js';
import { readLeagueWeek } from '../leagues/details.js';
import { leagueWeekViewers } from '../leagues/week-viewers.js';
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
  const leagues = await leagueWeekViewers(deps, week, {
    max: MAX_FOLLOWED_LEAGUES,
    viewedSince: new Date(Date.now() - FOLLOWED_FOR_MS),
  });
  let loaded = 0;
  for (const { platform, leagueId, userId } of leagues) {
    if (signal?.aborted) break;
    try {
      const { details } = await readLeagueWeek(deps, userId, { platform, leagueId, week: week.week });
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
