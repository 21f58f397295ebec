import { createDataCache } from '../data-changes/data-cache.js';
import { readGames, type NflGame } from '../data-sync/team-games.js';
import type { AppDeps } from '../../deps.js';

const cachedSeasons = createDataCache<NflGame[]>({ maxEntries: 8 });

/**
 * The games held for a season (every week, or one), as every league page and live tick reads them: read
 * from the database once per data version, since the syncs that write games bump it.
 */
export async function loadHeldGames(deps: AppDeps, season: number, week?: number): Promise<NflGame[]> {
  const games = await cachedSeasons(deps.database, `games:${season}`, () =>
    readGames(deps.database.db, season),
  );
  return week === undefined ? games : games.filter((game) => game.week === week);
}
