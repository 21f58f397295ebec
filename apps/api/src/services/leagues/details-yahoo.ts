import type { AppDeps } from '../../deps.js';
import type { LeagueConnectionRow } from './connections.js';
import { leagueNotFound, type PlatformLeague } from './details-shape.js';
import { yahooToSleeperIds } from './player-directory.js';
import { yahooClientFor } from './yahoo-session.js';

/** Yahoo league keys look like 461.l.103926 (or nfl.l.103926, Yahoo's alias for this season). */
const LEAGUE_KEY = /^[a-z0-9]+\.l\.\d+$/i;

/**
 * League, rosters and matchups of a league the linked Yahoo account is in (else 404). Players are
 * tagged with their Sleeper id (through the Sleeper directory's yahoo_id) so projections join.
 */
export async function loadYahooLeague(
  deps: AppDeps,
  connection: LeagueConnectionRow,
  leagueKey: string,
  requestedWeek: number | undefined,
): Promise<PlatformLeague> {
  if (!LEAGUE_KEY.test(leagueKey)) throw leagueNotFound();
  const directory = await deps.leagues.sleeper.getPlayers().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Sleeper directory unavailable: Yahoo players keep no projections');
    return null;
  });
  const client = yahooClientFor(deps, connection, directory ? yahooToSleeperIds(directory) : undefined);
  const [details, teams] = await Promise.all([
    client.getLeagueDetails(leagueKey, requestedWeek).catch(notFoundAs404),
    client.getLeagueTeams(leagueKey).catch(notFoundAs404),
  ]);
  const usersLeagues = await client.getUserLeagues(details.league.season);
  if (!usersLeagues.some((league) => league.league_id === details.league.league_id)) throw leagueNotFound();
  const mine = teams.find((team) => team.is_owned_by_current_login);
  const currentWeek = details.league.current_week ?? details.week;
  return {
    league: details.league,
    week: details.week,
    is_week_complete: details.league.status === 'complete' || currentWeek > details.week,
    my_roster_id: mine?.team_id ?? null,
    rosters: details.rosters,
    matchups: details.matchups,
    scoring_unsupported: details.scoring_unsupported,
    app_player_ids: {},
  };
}

function notFoundAs404(error: unknown): never {
  throw (error as { code?: string }).code === 'YAHOO_NOT_FOUND' ? leagueNotFound() : error;
}
