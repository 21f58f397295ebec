import type { AppDeps } from '../../deps.js';
import { type CacheLookups, sumLookups } from '../../integrations/cache.js';

/**
 * Lookups of the caches this server's dependencies hold: the platforms' answers (Sleeper, its player directory,
 * ESPN), the league pages held for outages and the timeline writes skipped. Each cache counts its own, so two
 * servers in one process (tests) report their own figures.
 */
export function heldCacheLookups(deps: Pick<AppDeps, 'leagues' | 'timelineWrites'>): CacheLookups {
  const { leagues, timelineWrites } = deps;
  return sumLookups([
    leagues.sleeperCache,
    leagues.playerDirectoryCache,
    leagues.espnLeagueCache,
    leagues.lastHeld,
    timelineWrites.views,
    timelineWrites.recorded,
  ]);
}
