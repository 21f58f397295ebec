import type { AppDeps } from '../../deps.js';
import type { SleeperLeague } from '../../integrations/sleeper/schemas.js';
import { currentNflSeason } from './current-season.js';

/**
 * The seasons whose leagues open from a league id, relative to the current one, in the order they
 * are looked in: this season, next season's (dynasty leagues renew before it starts), two back.
 */
const SEASON_OFFSETS = [0, 1, -1, -2];

/**
 * The league `leagueId` if the Sleeper account `sleeperUserId` is in it, from that account's own
 * league lists, else null. A league id the caller chose is never sent to
 * Sleeper: someone naming thousands of ids costs at most a few list calls per account (cached).
 */
export async function findUsersSleeperLeague(
  deps: AppDeps,
  sleeperUserId: string,
  leagueId: string,
): Promise<SleeperLeague | null> {
  const season = Number(await currentNflSeason(deps));
  for (const offset of SEASON_OFFSETS) {
    const leagues = await deps.leagues.sleeper.getUserLeagues(sleeperUserId, season + offset);
    const found = leagues.find((league) => league.league_id === leagueId);
    if (found) return found;
  }
  return null;
}
