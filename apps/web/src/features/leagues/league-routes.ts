import type { LeagueSummary } from './leagues-queries';

/** A Sleeper league can only be opened through the username it was found with. */
export const MISSING_SLEEPER_USERNAME_MESSAGE = 'Unable to navigate: Sleeper username not found.';
/** The path segments that stand for Yahoo and ESPN where Sleeper routes carry a username. */
export const YAHOO_ROUTE_SEGMENT = 'yahoo';
export const ESPN_ROUTE_SEGMENT = 'espn';

export type SimulateRoute = { path: string } | { error: string };

/**
 * The simulate page of a league: /simulate/{username}/{season}/{league_id} for Sleeper,
 * /simulate/yahoo/{season}/{league_id} for Yahoo, /simulate/espn/{season}/{league_id} for ESPN. The season is the NFL season the league
 * belongs to (the one the leagues were listed for), not the calendar year.
 */
export function simulateRouteFor(
  league: Pick<LeagueSummary, 'platform' | 'league_id' | 'username'>,
  season: string,
): SimulateRoute {
  const leagueId = encodeURIComponent(league.league_id);
  if (league.platform === 'yahoo') return { path: `/simulate/${YAHOO_ROUTE_SEGMENT}/${season}/${leagueId}` };
  if (league.platform === 'espn') return { path: `/simulate/${ESPN_ROUTE_SEGMENT}/${season}/${leagueId}` };
  const username = league.username?.trim();
  if (!username) return { error: MISSING_SLEEPER_USERNAME_MESSAGE };
  return { path: `/simulate/${encodeURIComponent(username)}/${season}/${leagueId}` };
}

export interface LeagueTotals {
  totalLeagues: number;
  sleeperLeagues: number;
  yahooLeagues: number;
  espnLeagues: number;
  /** Sum of total_rosters over every league. */
  totalTeams: number;
}

export function leagueTotals(leagues: {
  sleeper: LeagueSummary[];
  yahoo: LeagueSummary[];
  espn: LeagueSummary[];
}): LeagueTotals {
  const all = [...leagues.sleeper, ...leagues.yahoo, ...leagues.espn];
  return {
    totalLeagues: all.length,
    sleeperLeagues: leagues.sleeper.length,
    yahooLeagues: leagues.yahoo.length,
    espnLeagues: leagues.espn.length,
    totalTeams: all.reduce((sum, league) => sum + league.total_rosters, 0),
  };
}
