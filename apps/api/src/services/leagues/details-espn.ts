import type { AppDeps } from '../../deps.js';
import {
  espnLeagueStatus,
  espnUnsupportedScoring,
  toAppLeague,
  toAppMatchups,
  toAppRosters,
} from '../../integrations/espn/normalize.js';
import type { EspnLeague } from '../../integrations/espn/schemas.js';
import type { EspnProjectionBatch } from '../../integrations/espn/stat-lines.js';
import { leagueNotFound, type PlatformLeague } from './details-shape.js';
import { type EspnLeagueRow, readEspnCredentials } from './espn-link.js';
import { espnMemberId } from './espn-member-id.js';
import { linkEspnToOurPlayers } from './espn-players.js';

function everyRosteredPlayer(league: EspnLeague) {
  const fromTeams = league.teams.flatMap((team) => team.roster?.entries ?? []);
  const fromGames = league.schedule
    .flatMap((item) => [item.home, item.away])
    .flatMap(
      (side) => side?.rosterForCurrentScoringPeriod?.entries ?? side?.rosterForMatchupPeriod?.entries ?? [],
    );
  return [...fromTeams, ...fromGames].map((entry) => entry.playerPoolEntry.player);
}

/**
 * A linked ESPN league: rosters, the week's matchups (default: ESPN's current week) and scoring.
 * Players are tagged with our player id (through Sleeper's directory when it answers, else by name, position and
 * team against our own players) so projections join; ESPN's projections of the players Sleeper's directory
 * links come with it (a page opened by its viewer stores them as an expert's). The
 * signed-in user's team is the one their SWID owns, when they gave cookies.
 */
export async function loadEspnLeague(
  deps: AppDeps,
  row: EspnLeagueRow | undefined,
  request: { leagueId: string; season?: number | undefined; week?: number | undefined },
): Promise<{ answer: PlatformLeague; espnProjections: EspnProjectionBatch | null }> {
  if (!row) throw leagueNotFound();
  const credentials = readEspnCredentials(deps, row);
  const { league, fetchedAt } = await deps.leagues.espn.getLeagueAnswer({
    leagueId: row.leagueId,
    season: request.season ?? row.season,
    scoringPeriod: request.week,
    credentials,
  });
  const directory = await deps.leagues.sleeper.getPlayers().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Sleeper directory unavailable: ESPN players are matched to ours by name');
    return null;
  });
  const rostered = everyRosteredPlayer(league);
  const links = await linkEspnToOurPlayers(deps, rostered, directory);
  const appLeague = toAppLeague(league);
  const currentWeek = appLeague.current_week ?? 1;
  const week = request.week ?? currentWeek;
  const mine = credentials
    ? league.teams.find(
        (team) => team.owners.includes(credentials.swid) || team.primaryOwner === credentials.swid,
      )
    : undefined;
  return {
    answer: {
      league: appLeague,
      week,
      is_week_complete: espnLeagueStatus(league) === 'complete' || currentWeek > week,
      my_roster_id: mine?.id ?? null,
      rosters: toAppRosters(league, week, links, (swid) => espnMemberId(swid, deps.config.sessionSecret)),
      matchups: toAppMatchups(league, week),
      scoring_unsupported: espnUnsupportedScoring(league),
      app_player_ids: Object.fromEntries(links.appIdByEspnId),
      fetched_at: fetchedAt.toISOString(),
    },
    espnProjections:
      links.sleeperIdByEspnId.size > 0
        ? { season: league.seasonId, week, players: rostered, sleeperIdByEspnId: links.sleeperIdByEspnId }
        : null,
  };
}
