import type { AppDeps } from '../../deps.js';
import { TtlCache } from '../../integrations/cache.js';
import { EspnClient } from '../../integrations/espn/client.js';
import { SleeperClient } from '../../integrations/sleeper/client.js';
import { createLastHeldStore } from '../leagues/last-held.js';

/**
 * The app's dependencies with league clients that answer what the platforms say now: a cache of the run's own (so
 * one run asks for Sleeper's NFL state once, not per league) instead of the one the pages share, no reuse of ESPN
 * answers, and no held copy to fall back on when a platform does not answer (the league is then not compared,
 * and says why). The pages' caches may hold an answer read during the games (halftime points) for a minute or
 * more; the reconciliation must compare with the platform's final numbers. Same call budgets as everything else.
 */
export function withFreshLeagueReads(deps: AppDeps): AppDeps {
  const { leagues, config } = deps;
  return {
    ...deps,
    leagues: {
      ...leagues,
      sleeper: new SleeperClient({
        baseUrl: config.sleeperApiUrl,
        cache: new TtlCache(),
        // the player directory (names and positions, fetched at most once a day) is shared
        directoryCache: leagues.playerDirectoryCache,
        budget: leagues.sleeperBudget,
      }),
      espn: new EspnClient({ baseUrl: config.espnApiUrl, budget: leagues.espnBudget }),
      lastHeld: createLastHeldStore(),
    },
  };
}
