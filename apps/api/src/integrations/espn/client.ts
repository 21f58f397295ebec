import { createHash } from 'node:crypto';
import { AppError, validationError } from '../../errors.js';
import type { TtlCache } from '../cache.js';
import { fetchJson, type HttpRetryOptions, UpstreamRequestError } from '../http.js';
import {
  ESPN_FOOTBALL_GAME_ID,
  ESPN_PROJECTED_STATS,
  ESPN_WEEK_SPLIT,
  FIRST_SUPPORTED_ESPN_SEASON,
} from './ids.js';
import { type EspnLeague, espnLeagueSchema, type EspnPlayer, espnPlayerPoolSchema } from './schemas.js';

const FOOTBALL_PATH = '/apis/v3/games/ffl';
/** One call answers settings, teams with owners, rosters, the week's matchups and live scores. */
const LEAGUE_VIEWS = ['mSettings', 'mTeam', 'mRoster', 'mMatchupScore', 'mScoreboard', 'mStatus', 'mNav'];
/** Enough for a leagues list: name, size, status. */
const SUMMARY_VIEWS = ['mSettings', 'mStatus'];
/** ESPN's public default league with PPR scoring: its player pool carries ESPN's projections for everyone. */
const PPR_DEFAULT_LEAGUE = 3;
/** The most-owned players asked for in one pool call: every fantasy-relevant player and team defense. */
export const POOL_PLAYER_LIMIT = 600;
/** A pool answer larger than this is refused while it streams (600 players are a few megabytes). */
export const POOL_MAX_BYTES = 12 * 1024 * 1024;
/** Where the link page explains how to find the cookies. */
export const ESPN_COOKIES_HOW_TO = '/link-leagues#espn-cookies';

/** The browser cookies that open a private ESPN league. */
export interface EspnCredentials {
  espnS2: string;
  swid: string;
}

/** espn_s2 is URL-encoded base64; SWID a GUID in braces. Anything else must not reach a header. */
const ESPN_S2 = /^[A-Za-z0-9%+/=_.-]{20,2000}$/;
const SWID = /^\{?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\}?$/;

/** Checked, canonical cookies (SWID in braces); VALIDATION_ERROR naming the bad one. */
export function normalizeEspnCredentials(espnS2: string, swid: string): EspnCredentials {
  const s2 = espnS2.trim();
  const guid = swid.trim();
  if (!ESPN_S2.test(s2)) throw validationError('That espn_s2 cookie does not look right.', 'espnS2');
  if (!SWID.test(guid))
    throw validationError('SWID looks like {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}.', 'swid');
  return { espnS2: s2, swid: `{${guid.replace(/^\{|\}$/g, '').toUpperCase()}}` };
}

export const espnLeagueNotFound = (leagueId: string) =>
  new AppError('ESPN_LEAGUE_NOT_FOUND', `No ESPN league with id ${leagueId}`, 404);

export const espnLeaguePrivate = (hadCookies: boolean) =>
  new AppError(
    'ESPN_LEAGUE_PRIVATE',
    hadCookies
      ? 'ESPN refused the espn_s2 and SWID cookies given for this private league; they may have expired. Copy them again from your browser (see "How to find your ESPN cookies").'
      : 'This ESPN league is private. Add your espn_s2 and SWID cookies to link it (see "How to find your ESPN cookies").',
    403,
    { howTo: ESPN_COOKIES_HOW_TO },
  );

export const espnSeasonUnsupported = (season: number) =>
  new AppError(
    'ESPN_SEASON_UNSUPPORTED',
    `ESPN leagues before ${FIRST_SUPPORTED_ESPN_SEASON} cannot be read (asked for ${season}).`,
    400,
  );

export const espnNotFootball = () =>
  new AppError(
    'ESPN_NOT_FOOTBALL',
    'That ESPN league is not a fantasy football league; only football leagues can be linked.',
    400,
  );

export const espnAnswerInvalid = () =>
  new AppError('UPSTREAM_INVALID', 'ESPN answered with league data we could not read.', 502);

export interface EspnClientOptions extends HttpRetryOptions {
  /** e.g. https://lm-api-reads.fantasy.espn.com */
  baseUrl: string;
  /** Whole-league answers, each kept for LEAGUE_ANSWER_TTL_MS (none kept without it). */
  leagueCache?: TtlCache | undefined;
}

/**
 * How long a whole-league answer is reused as it is: long enough that the leagues list and the league cards read
 * right after it make one ESPN call (ESPN takes about a second a call), short enough that live scores stay fresh.
 */
export const LEAGUE_ANSWER_TTL_MS = 20_000;
/**
 * Up to this age an older answer is still shown at once while a fresh one is read behind it: ESPN takes about a
 * second a call (1.0–1.5 s measured), so a page that waited for it could not open within 1.5 s. The answer's age is
 * passed on (`fetchedAt`), so the page says how fresh it is; the next read shows the fresh one.
 */
export const LEAGUE_ANSWER_SERVABLE_MS = 120_000;

/** Who asks: one person's cookies never answer for another's (only a digest of them is kept in the key). */
function credentialsKey(credentials: EspnCredentials | undefined): string {
  if (!credentials) return 'public';
  return createHash('sha256').update(`${credentials.espnS2}\n${credentials.swid}`).digest('base64url');
}

/** ESPN Fantasy Football's league API (v3). Answers are validated; errors are the app's. */
export class EspnClient {
  private readonly baseUrl: string;
  /** Retries, time limits and the product's ESPN call budget (every attempt takes one call). */
  private readonly retry: HttpRetryOptions;
  private readonly leagueCache: TtlCache | undefined;

  constructor(options: EspnClientOptions) {
    const { baseUrl, leagueCache, ...retry } = options;
    this.baseUrl = `${baseUrl.replace(/\/+$/, '')}${FOOTBALL_PATH}`;
    this.retry = retry;
    this.leagueCache = leagueCache;
  }

  /**
   * A league of `season` with settings, teams, rosters and the matchups of `scoringPeriod`
   * (ESPN's current one when omitted). Cookies are sent only when given and never logged.
   */
  async getLeague(request: {
    leagueId: string;
    season: number;
    scoringPeriod?: number | undefined;
    credentials?: EspnCredentials | undefined;
    /** Only the league's settings and status (a lighter answer, for lists). */
    isSummaryOnly?: boolean;
  }): Promise<EspnLeague> {
    return (await this.getLeagueAnswer(request)).league;
  }

  /** getLeague, with when ESPN gave the answer (it may be up to LEAGUE_ANSWER_SERVABLE_MS old). */
  async getLeagueAnswer(
    request: Parameters<EspnClient['getLeague']>[0],
  ): Promise<{ league: EspnLeague; fetchedAt: Date }> {
    if (request.isSummaryOnly || !this.leagueCache) {
      return { league: await this.readLeague(request), fetchedAt: new Date() };
    }
    const key = [
      this.baseUrl,
      request.leagueId,
      request.season,
      request.scoringPeriod ?? 'current',
      credentialsKey(request.credentials),
    ].join(':');
    const { value, ageMs } = await this.leagueCache.getOrRevalidate(
      key,
      { freshMs: LEAGUE_ANSWER_TTL_MS, servableMs: LEAGUE_ANSWER_SERVABLE_MS },
      () => this.readLeague(request),
    );
    return { league: value as EspnLeague, fetchedAt: new Date(Date.now() - ageMs) };
  }

  private async readLeague(request: Parameters<EspnClient['getLeague']>[0]): Promise<EspnLeague> {
    const { leagueId, season, credentials } = request;
    if (!/^\d{1,12}$/.test(leagueId)) throw espnLeagueNotFound(leagueId);
    if (season < FIRST_SUPPORTED_ESPN_SEASON) throw espnSeasonUnsupported(season);
    const query = new URLSearchParams(
      (request.isSummaryOnly ? SUMMARY_VIEWS : LEAGUE_VIEWS).map((view): [string, string] => ['view', view]),
    );
    if (request.scoringPeriod !== undefined) query.set('scoringPeriodId', String(request.scoringPeriod));
    const url = `${this.baseUrl}/seasons/${season}/segments/0/leagues/${leagueId}?${query}`;
    const failureMessage = 'ESPN did not answer with the league.';
    let league: EspnLeague;
    try {
      league = await fetchJson(url, espnLeagueSchema, {
        ...this.retry,
        headers: credentials ? { cookie: `espn_s2=${credentials.espnS2}; SWID=${credentials.swid}` } : {},
        failureMessage,
      });
    } catch (error) {
      throw translate(error, leagueId, Boolean(credentials));
    }
    if (league.gameId !== undefined && league.gameId !== ESPN_FOOTBALL_GAME_ID) throw espnNotFootball();
    if (String(league.id) !== leagueId) throw espnAnswerInvalid();
    return league;
  }

  /**
   * ESPN's projections of `week` for its public player pool (no cookies: the pool is public). Null
   * when ESPN has no pool for that season or week; outages and refused answers throw like getLeague's.
   */
  async getProjectionPool(season: number, week: number): Promise<EspnPlayer[] | null> {
    if (season < FIRST_SUPPORTED_ESPN_SEASON) return null;
    const query = new URLSearchParams({ scoringPeriodId: String(week), view: 'kona_player_info' });
    const url = `${this.baseUrl}/seasons/${season}/segments/0/leaguedefaults/${PPR_DEFAULT_LEAGUE}?${query}`;
    try {
      const pool = await fetchJson(url, espnPlayerPoolSchema, {
        maxBytes: POOL_MAX_BYTES,
        ...this.retry,
        headers: { 'x-fantasy-filter': projectionPoolFilter(week) },
        failureMessage: 'ESPN did not answer with its player projections.',
      });
      return pool.players.map((entry) => entry.player);
    } catch (error) {
      if (error instanceof UpstreamRequestError && isNotPublished(error.upstreamStatus)) return null;
      throw error;
    }
  }
}

/** ESPN's answers for a season or week it has no pool of. */
const isNotPublished = (status: number | undefined) =>
  status === 400 || status === 401 || status === 403 || status === 404;

/**
 * The filter ESPN's player pool reads from the x-fantasy-filter header: the week's projected stat
 * lines only (source 1, one scoring period), most-owned players first (ESPN refuses a limit without a sort).
 */
export function projectionPoolFilter(week: number): string {
  return JSON.stringify({
    players: {
      filterStatsForCurrentSeasonScoringPeriodId: { value: [week] },
      filterStatsForSourceIds: { value: [ESPN_PROJECTED_STATS] },
      filterStatsForSplitTypeIds: { value: [ESPN_WEEK_SPLIT] },
      limit: POOL_PLAYER_LIMIT,
      sortPercOwned: { sortPriority: 1, sortAsc: false },
    },
  });
}

function translate(error: unknown, leagueId: string, hadCookies: boolean): unknown {
  if (!(error instanceof UpstreamRequestError)) return error;
  if (error.reason === 'invalid-json' || error.reason === 'invalid-body') return espnAnswerInvalid();
  const status = error.upstreamStatus;
  if (status === 401 || status === 403) return espnLeaguePrivate(hadCookies);
  if (status === 404 || status === 400) return espnLeagueNotFound(leagueId);
  // 429, 5xx, timeouts and network failures stay upstream errors: the caller answers what it holds.
  return error;
}
