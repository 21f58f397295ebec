import type { LeagueDetails } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import type { EspnProjectionBatch } from '../../integrations/espn/stat-lines.js';
import { findConnection, type LeaguePlatform } from './connections.js';
import type { PlatformLeague } from './details-shape.js';
import { loadEspnLeague } from './details-espn.js';
import { loadSleeperLeague } from './details-sleeper.js';
import { findEspnLeague } from './espn-link.js';
import { loadYahooLeague } from './details-yahoo.js';
import { loadWithLastHeld } from './last-held.js';
import { withLiveGameStates } from './live-fields.js';
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

/** The platform's answer, and ESPN's projections of its players when the league is an ESPN one. */
interface PlatformRead {
  answer: PlatformLeague;
  espnProjections: EspnProjectionBatch | null;
}

/** The platform's league (rosters, matchups) for a user who linked it; 403/404 otherwise. */
async function findPlatformLeague(
  deps: AppDeps,
  userId: string,
  request: LeagueWeekRequest,
): Promise<() => Promise<PlatformRead>> {
  if (request.platform === 'espn') {
    // ESPN leagues are linked one by one: a league not linked is simply not one of yours.
    const row = await findEspnLeague(deps, userId, request.leagueId);
    return () => loadEspnLeague(deps, row, request);
  }
  const connection = await findConnection(deps, userId, request.platform);
  if (!connection) throw notLinked(request.platform);
  return async () => ({
    answer: await (request.platform === 'sleeper'
      ? loadSleeperLeague(deps, connection, request.leagueId, request.week)
      : loadYahooLeague(deps, connection, request.leagueId, request.week)),
    espnProjections: null,
  });
}

export interface LeagueWeekRequest {
  platform: LeaguePlatform;
  leagueId: string;
  week?: number | undefined;
  /** ESPN leagues: the season to read (default: the one it was last read for). */
  season?: number | undefined;
  /** The person's preferred scoring, used only when the league does not say how it scores. */
  scoringType?: ScoringFormatSpelling | undefined;
  /** How long the platform may take (default: a page's PLATFORM_DEADLINE_MS); background work waits longer. */
  deadlineMs?: number | undefined;
}

/** A league week as read, and what the platform's answer brought that a page opened by its viewer stores. */
export interface LeagueWeekRead {
  details: LeagueDetails;
  /** ESPN's projections of an ESPN league's players, when the platform answered them just now. */
  espnProjections: EspnProjectionBatch | null;
}

/**
 * A league of the user's own linked account, with rosters, the requested (or current) week's matchups, the
 * rostered players' projections in the league's scoring and their games' live states; it writes nothing and
 * charges nobody's read budget (a page opened by its viewer does both: league-follow). Any other league is a 404;
 * a platform the user has not linked is a 403. When the platform does not answer within a few seconds, the copy
 * held from the last load is answered with `is_stale` (or 503 when none is held).
 */
export async function readLeagueWeek(
  deps: AppDeps,
  userId: string,
  request: LeagueWeekRequest,
): Promise<LeagueWeekRead> {
  const load = await findPlatformLeague(deps, userId, request);
  let espnProjections: EspnProjectionBatch | null = null;
  const { value: loaded, freshness } = await loadWithLastHeld(
    deps.leagues.lastHeld,
    {
      platform: request.platform,
      key: `${userId}:${request.leagueId}:${request.season ?? ''}:${request.week ?? 'current'}`,
      log: deps.log,
      ...(request.deadlineMs ? { deadlineMs: request.deadlineMs } : {}),
    },
    async () => {
      const read = await load();
      espnProjections = read.espnProjections;
      return read.answer;
    },
  );
  const leagueSaysScoring = Object.keys(loaded.league.scoring_settings).length > 0;
  const league =
    leagueSaysScoring || !request.scoringType
      ? loaded.league
      : { ...loaded.league, scoring_settings: { ...SCORING_PRESETS[scoringFormatOf(request.scoringType)] } };
  const season = Number(league.season);
  const rostered = rosteredPlayers(loaded, request.platform);
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
    league,
    week: loaded.week,
    is_week_complete: loaded.is_week_complete,
    my_roster_id: loaded.my_roster_id,
    matchups: loaded.matchups,
    stats_points: joined.stats_points,
    scoring_from: leagueSaysScoring ? 'league' : request.scoringType ? 'preference' : 'none',
    // the rules our scorer skips, plus the platform's own settings that have no rule of ours (ESPN, Yahoo)
    scoring_unsupported: [
      ...new Set([...unsupportedScoringKeys(league.scoring_settings), ...loaded.scoring_unsupported]),
    ].sort(),
    ...live,
    projections: joined.projections,
    app_player_ids: joined.app_player_ids,
    projections_freshness: facts.freshness.updated_at ? facts.freshness : null,
    ...freshness,
  };
  return { details, espnProjections };
}
