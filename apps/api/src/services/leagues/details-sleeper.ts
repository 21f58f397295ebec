import { regularSeasonWeeks } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { toAppLeague, toAppMatchups, toAppRosters } from '../../integrations/sleeper/normalize.js';
import type {
  SleeperLeague,
  SleeperLeagueUser,
  SleeperNflState,
  SleeperPlayerDirectory,
  SleeperRoster,
} from '../../integrations/sleeper/schemas.js';
import { memoByIdentity } from '../../memo-by-identity.js';
import type { LeagueConnectionRow } from './connections.js';
import { leagueNotFound, type PlatformLeague } from './details-shape.js';
import { findUsersSleeperLeague } from './sleeper-membership.js';

/** Regular seasons end the week before the playoffs; Sleeper's default playoff start is week 15. */
const DEFAULT_PLAYOFF_WEEK_START = 15;
const GAME_SEASON_TYPES = new Set(['regular', 'post']);

function playoffWeekStart(league: SleeperLeague): number {
  const value = league.settings?.playoff_week_start;
  return typeof value === 'number' && value > 1 ? value : DEFAULT_PLAYOFF_WEEK_START;
}

function stateSeason(state: SleeperNflState): string {
  return state.league_season || state.season;
}

/**
 * The week a league page opens on: the NFL's current week for a league of the season being
 * played, the last regular-season week for a past season, week 1 before the season starts.
 */
export function defaultSleeperWeek(league: SleeperLeague, state: SleeperNflState | null): number {
  if (!state) return 1;
  const season = stateSeason(state);
  if (Number(league.season) < Number(season)) return playoffWeekStart(league) - 1;
  if (league.season === season && GAME_SEASON_TYPES.has(state.season_type) && state.week >= 1) {
    return Math.min(state.week, regularSeasonWeeks(Number(league.season)));
  }
  return 1;
}

/** Whether every game of `week` is over (so its points are final) as far as Sleeper tells. */
export function isSleeperWeekComplete(
  league: SleeperLeague,
  state: SleeperNflState | null,
  week: number,
): boolean {
  if (league.status === 'complete') return true;
  if (!state) return false;
  const season = stateSeason(state);
  if (Number(league.season) < Number(season)) return true;
  if (league.season !== season || !GAME_SEASON_TYPES.has(state.season_type)) return false;
  return state.week > week;
}

function isOwnedBy(roster: SleeperRoster, sleeperUserId: string): boolean {
  return roster.owner_id === sleeperUserId || (roster.co_owners ?? []).includes(sleeperUserId);
}

/**
 * The client's cache answers the same objects until they expire, so their app shapes are made once per answer
 * for all of a league's viewers (never changed afterwards: the page's copies are made from them).
 */
const appRostersOf = memoByIdentity((rosters: SleeperRoster[]) =>
  memoByIdentity((users: SleeperLeagueUser[]) =>
    memoByIdentity((directory: SleeperPlayerDirectory) => toAppRosters(rosters, users, directory)),
  ),
);
const appMatchups = memoByIdentity(toAppMatchups);

/** League, rosters and matchups of a league the linked Sleeper account is in (else 404). */
export async function loadSleeperLeague(
  deps: AppDeps,
  connection: LeagueConnectionRow,
  leagueId: string,
  requestedWeek: number | undefined,
): Promise<PlatformLeague> {
  const { sleeper } = deps.leagues;
  // Membership first, from the account's own league lists: nothing is asked about another league.
  const league = await findUsersSleeperLeague(deps, connection.externalUserId, leagueId);
  if (!league) throw leagueNotFound();
  const state = await sleeper.getNflState().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Sleeper NFL state unavailable');
    return null;
  });
  const week = requestedWeek ?? defaultSleeperWeek(league, state);
  const [rosters, users, matchups, directory] = await Promise.all([
    sleeper.getLeagueRosters(leagueId),
    sleeper.getLeagueUsers(leagueId),
    sleeper.getMatchups(leagueId, week),
    sleeper.getPlayers(),
  ]);
  const mine = rosters.find((roster) => isOwnedBy(roster, connection.externalUserId));
  return {
    league: toAppLeague(league, connection.username ?? undefined),
    week,
    is_week_complete: isSleeperWeekComplete(league, state, week),
    my_roster_id: mine?.roster_id ?? null,
    rosters: appRostersOf(rosters)(users)(directory),
    matchups: appMatchups(matchups),
    scoring_unsupported: [],
    app_player_ids: {},
  };
}
