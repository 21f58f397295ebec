import type { AppDeps } from '../../deps.js';
import type { SleeperLeague } from '../../integrations/sleeper/schemas.js';
import { currentNflSeason } from './list.js';

/** Leagues of this many seasons back (the current one included) open from a league id. */
const SEASONS_LOOKED_UP = 3;

/**
 * The league `leagueId` if the Sleeper account `sleeperUserId` is in it, from that account's own
 * league lists (current season first), else null. A league id the caller chose is never sent to
 * Sleeper: someone naming thousands of ids costs at most a few list calls per account (cached).
 */
export async function findUsersSleeperLeague(
  deps: AppDeps,
  sleeperUserId: string,
  leagueId: string,
): Promise<SleeperLeague | null> {
  const season = Number(await currentNflSeason(deps));
  for (let back = 0; back < SEASONS_LOOKED_UP; back++) {
    const leagues = await deps.leagues.sleeper.getUserLeagues(sleeperUserId, season - back);
    const found = leagues.find((league) => league.league_id === leagueId);
    if (found) return found;
  }
  return null;
}
