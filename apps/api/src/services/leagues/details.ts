import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
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
import { ensureSleeperIdsLinked } from './player-directory.js';
import { joinRostersWithFacts } from './roster-facts.js';
import {
  SCORING_PRESETS,
  scoringFormatOf,
  type ScoringFormatSpelling,
  unsupportedScoringKeys,
} from '@fm/projections';
import { loadLeagueWeekFacts, rosteredPlayers } from './week-facts.js';

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
    scoringType?: ScoringFormatSpelling | undefined;
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
      : { ...loaded.league, scoring_settings: { ...SCORING_PRESETS[scoringFormatOf(request.scoringType)] } };
  const season = Number(league.season);
  const rostered = rosteredPlayers(loaded.rosters, request.platform);
  const facts = await loadLeagueWeekFacts(deps, {
    season,
    week: loaded.week,
    scoring: league.scoring_settings,
    rostered,
  });
  const { rosters, ...joined } = joinRostersWithFacts(loaded.rosters, rostered, facts);
  const live = await withLiveGameStates(deps, { loaded, rosters, season, statsPoints: joined.stats_points });
  const details: LeagueDetails = {
    platform: request.platform,
    stats_points: joined.stats_points,
    ...loaded,
    league,
    scoring_from: leagueSaysScoring ? 'league' : request.scoringType ? 'preference' : 'none',
    // the rules our scorer skips, plus the platform's own settings that have no rule of ours (ESPN, Yahoo)
    scoring_unsupported: [
      ...new Set([...unsupportedScoringKeys(league.scoring_settings), ...(league.scoring_unsupported ?? [])]),
    ].sort(),
    ...live,
    projections: joined.projections,
    app_player_ids: joined.app_player_ids,
    projections_freshness: facts.freshness.updated_at ? facts.freshness : null,
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
