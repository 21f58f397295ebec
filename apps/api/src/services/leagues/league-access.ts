import type { AppDeps } from '../../deps.js';
import type { AppError } from '../../errors.js';
import { findConnection, type LeaguePlatform } from './connections.js';
import { leagueNotFound } from './details-shape.js';
import { findEspnLeague } from './espn-link.js';
import { findUsersSleeperLeague } from './sleeper-membership.js';
import { yahooClientFor } from './yahoo-session.js';

/**
 * Refuses (404 LEAGUE_NOT_FOUND) a league that is not one of the user's now: its platform still
 * linked and the linked account still in it (Sleeper: the account's league lists, held a few
 * minutes; Yahoo: the account's leagues of `season`, when known; ESPN: leagues are linked one by
 * one). What the user saw before (a page view, a held answer) never stands in for it: every read
 * of league data that does not load the league itself checks it first.
 */
export async function requireCurrentLeague(
  deps: AppDeps,
  userId: string,
  league: { platform: LeaguePlatform; leagueId: string; season?: number | undefined },
  /** The refusal when the platform is not linked at all (default: the same 404). */
  notLinked: () => AppError = leagueNotFound,
): Promise<void> {
  const { platform, leagueId, season } = league;
  if (platform === 'espn') {
    if (!(await findEspnLeague(deps, userId, leagueId))) throw leagueNotFound();
    return;
  }
  const connection = await findConnection(deps, userId, platform);
  if (!connection) throw notLinked();
  if (platform === 'sleeper') {
    if (!(await findUsersSleeperLeague(deps, connection.externalUserId, leagueId))) throw leagueNotFound();
    return;
  }
  if (season === undefined) return;
  const leagues = await yahooClientFor(deps, connection).getUserLeagues(String(season));
  if (!leagues.some((held) => held.league_id === leagueId)) throw leagueNotFound();
}
