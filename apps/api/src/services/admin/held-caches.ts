import type { AppDeps } from '../../deps.js';
import { type CacheLookups, sumLookups } from '../../integrations/cache.js';

/**
 * Lookups of the caches this server's dependencies hold: the platforms' answers (Sleeper, its player directory,
 * ESPN), the league pages held for outages, the leagues' scoring rules, the timeline writes skipped and the values
 * derived from the NFL data (a week of projections, a season of stats). Each cache counts its own, so two servers
 * in one process (tests) report their own figures.
 */
export function heldCacheLookups(
  deps: Pick<AppDeps, 'leagues' | 'timelineWrites' | 'dataVersion'>,
): CacheLookups {
  const { leagues, timelineWrites, dataVersion } = deps;
  return sumLookups([
    leagues.sleeperCache,
    leagues.playerDirectoryCache,
    leagues.espnLeagueCache,
    leagues.lastHeld,
    leagues.leagueScoringCache,
    timelineWrites.views,
    timelineWrites.recorded,
    ...dataVersion.caches.all,
  ]);
}
