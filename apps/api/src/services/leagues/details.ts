import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import type { AppPlayer } from '../../integrations/league-shapes.js';
import { findConnection, type LeaguePlatform } from './connections.js';
import type { LeagueDetails, PlatformLeague } from './details-shape.js';
import { loadEspnLeague } from './details-espn.js';
import { loadSleeperLeague } from './details-sleeper.js';
import { findEspnLeague } from './espn-link.js';
import { loadYahooLeague } from './details-yahoo.js';
import { loadWithLastHeld } from './last-held.js';
import { withLiveGameStates } from './live-fields.js';
import { noteLeagueWeekView, recordMatchupTimelines } from '../win-probability/timeline.js';
import { countLeagueRead } from './league-read-limit.js';
import { appPlayerIdsBySleeperId, ensureSleeperIdsLinked } from './player-directory.js';
import { type LeaguePlayerProjection, loadLeagueProjections } from './projections.js';
import { loadTeamWeekGames, type TeamWeekGame } from './schedule.js';
import { loadWeekFreshness } from '../projections/week-freshness.js';
import { loadScoredPoints } from './banked-points.js';
import { loadWeekTeams } from './week-teams.js';
import { PPR_SCORING, type ScoringType, scoringOfType } from './scoring.js';
import { loadWeekDepthRanks } from '../simulation/players.js';

export type { LeagueDetails };

const notLinked = (platform: LeaguePlatform) =>
  forbidden(`Link your ${platform === 'sleeper' ? 'Sleeper' : 'Yahoo'} account to see its leagues.`);

/** The platform's league (rosters, matchups) for a user who linked it; 403/404 otherwise. */
async function loadPlatformLeague(
  deps: AppDeps,
  userId: string,
  request: {
    platform: LeaguePlatform;
    leagueId: string;
    week?: number | undefined;
    season?: number | undefined;
  },
): Promise<() => Promise<PlatformLeague>> {
  if (request.platform === 'espn') {
    // ESPN leagues are linked one by one: a league not linked is simply not one of yours.
    const row = await findEspnLeague(deps, userId, request.leagueId);
    return () => loadEspnLeague(deps, row, request);
  }
  const connection = await findConnection(deps, userId, request.platform);
  if (!connection) throw notLinked(request.platform);
  return () =>
    request.platform === 'sleeper'
      ? loadSleeperLeague(deps, connection, request.leagueId, request.week)
      : loadYahooLeague(deps, connection, request.leagueId, request.week);
}

function everyPlayer(league: PlatformLeague): AppPlayer[] {
  return league.rosters.flatMap((roster) => [
    ...roster.players.starters,
    ...roster.players.bench,
    ...roster.players.reserve,
  ]);
}

/**
 * Each player with the team he played for that week (when his stats of the week say it; else his current team),
 * its bye week and kickoff (copies: the held platform answer is not changed). A player with stats that week played
 * then, so he is never shown on a bye.
 */
function withGames(
  league: PlatformLeague,
  games: Map<string, TeamWeekGame>,
  weekTeamOf: (player: AppPlayer) => string | undefined,
): PlatformLeague['rosters'] {
  const withGame = (player: AppPlayer): AppPlayer => {
    const weekTeam = weekTeamOf(player);
    const team = weekTeam ?? player.team;
    return {
      ...player,
      team,
      bye_week: weekTeam ? null : (games.get(team)?.bye_week ?? null),
      kickoff: games.get(team)?.kickoff ?? null,
    };
  };
  return league.rosters.map((roster) => ({
    ...roster,
    players: {
      starters: roster.players.starters.map(withGame),
      bench: roster.players.bench.map(withGame),
      reserve: roster.players.reserve.map(withGame),
    },
  }));
}

/**
 * A league of the user's own linked account, with rosters, the requested (or current) week's
 * matchups and the rostered players' projections in the league's scoring. Any other league is a
 * 404; a platform the user has not linked is a 403. When the platform does not answer within a few
 * seconds, the copy held from the last load is answered with `is_stale` (or 503 when none is held).
 */
export async function loadLeagueDetails(
  deps: AppDeps,
  userId: string,
  request: {
    platform: LeaguePlatform;
    leagueId: string;
    week?: number | undefined;
    /** ESPN leagues: the season to read (default: the one it was last read for). */
    season?: number | undefined;
    /** The person's preferred scoring, used only when the league does not say how it scores. */
    scoringType?: ScoringType | undefined;
  },
): Promise<LeagueDetails> {
  const load = await loadPlatformLeague(deps, userId, request);
  await countLeagueRead(deps, userId);
  const { value: loaded, freshness } = await loadWithLastHeld(
    deps.leagues.lastHeld,
    {
      platform: request.platform,
      key: `${userId}:${request.leagueId}:${request.season ?? ''}:${request.week ?? 'current'}`,
      log: deps.log,
    },
    load,
  );
  await ensureSleeperIdsLinked(deps);
  const leagueSaysScoring = Object.keys(loaded.league.scoring_settings).length > 0;
  const league =
    leagueSaysScoring || !request.scoringType
      ? loaded.league
      : { ...loaded.league, scoring_settings: scoringOfType(request.scoringType) };
  const sleeperIdByPlayerId = new Map<string, string>();
  for (const player of everyPlayer(loaded)) {
    const sleeperId = request.platform === 'sleeper' ? player.player_id : player.sleeper_id;
    if (sleeperId) sleeperIdByPlayerId.set(player.player_id, sleeperId);
  }
  const sleeperIds = [...sleeperIdByPlayerId.values()];
  const season = Number(league.season);
  const [bySleeperId, appIdBySleeperId, depthRanks, games, projectionsFreshness] = await Promise.all([
    loadLeagueProjections(deps, {
      sleeperIds,
      season,
      week: loaded.week,
      scoring: league.scoring_settings,
    }),
    appPlayerIdsBySleeperId(deps, sleeperIds),
    loadWeekDepthRanks(deps.database, season, loaded.week),
    loadTeamWeekGames(deps, {
      season,
      week: loaded.week,
      teams: everyPlayer(loaded).map((player) => player.team),
    }),
    loadWeekFreshness(deps.database, season, loaded.week),
  ]);
  const projections: Record<string, LeaguePlayerProjection> = {};
  const appPlayerIds: Record<string, number> = {};
  const positions = new Map<number, string>();
  const positionOf = new Map(everyPlayer(loaded).map((player) => [player.player_id, player.position]));
  for (const [playerId, sleeperId] of sleeperIdByPlayerId) {
    const appId = appIdBySleeperId.get(sleeperId);
    if (appId !== undefined) {
      appPlayerIds[playerId] = appId;
      positions.set(appId, positionOf.get(playerId) ?? '');
    }
    const projection = bySleeperId.get(sleeperId);
    if (projection) {
      const depthRank = appId === undefined ? null : (depthRanks.get(appId) ?? null);
      projections[playerId] = { ...projection, depth_rank: depthRank };
    }
  }
  const scored = await loadScoredPoints(deps, {
    playerIds: [...positions.keys()],
    positions,
    season,
    week: loaded.week,
    scoring: Object.keys(league.scoring_settings).length > 0 ? league.scoring_settings : PPR_SCORING,
  });
  const weekTeams = await loadWeekTeams(deps, {
    playerIds: [...positions.keys()],
    season,
    week: loaded.week,
  });
  const weekTeamOf = (player: AppPlayer) => {
    const appId = appPlayerIds[player.player_id];
    return appId === undefined ? undefined : weekTeams.get(appId);
  };
  const statsPoints: Record<string, number> = {};
  for (const [playerId, appId] of Object.entries(appPlayerIds)) {
    const points = scored.get(appId);
    if (points !== undefined) statsPoints[playerId] = points;
  }
  const live = await withLiveGameStates(deps, {
    loaded,
    rosters: withGames(loaded, games, weekTeamOf),
    season,
    statsPoints,
  });
  const details: LeagueDetails = {
    platform: request.platform,
    stats_points: statsPoints,
    ...loaded,
    league,
    scoring_from: leagueSaysScoring ? 'league' : request.scoringType ? 'preference' : 'none',
    ...live,
    projections,
    app_player_ids: appPlayerIds,
    projections_freshness: projectionsFreshness.updated_at ? projectionsFreshness : null,
    ...freshness,
  };
  await followWeek(deps, userId, details);
  return details;
}

/**
 * Remembers the viewer (who may then read the league's timelines) and, while the week is played, records its
 * matchups' win probability for this stats state unless it is held: a league opened for the first time has its
 * point at once, and an answer never shows a stats state its timeline lacks. Every later change is recorded for
 * all followed leagues by the timeline recorder (timeline-recorder.ts).
 */
async function followWeek(deps: AppDeps, userId: string, details: LeagueDetails): Promise<void> {
  const { platform, league, week } = details;
  try {
    await noteLeagueWeekView(deps, {
      platform,
      leagueId: league.league_id,
      season: Number(league.season),
      week,
      userId,
    });
    if (!details.is_week_complete) await recordMatchupTimelines(deps, details);
  } catch (error) {
    deps.log.warn(
      { err: error, platform, leagueId: league.league_id },
      'win-probability timeline not recorded',
    );
  }
}
