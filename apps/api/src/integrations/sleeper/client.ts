import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { TtlCache } from '../cache.js';
import { fetchJson, type HttpRetryOptions, UpstreamRequestError } from '../http.js';
import type { UpstreamBudget } from '../upstream-budget.js';
import {
  type SleeperLeague,
  type SleeperLeagueUser,
  type SleeperMatchup,
  type SleeperNflState,
  type SleeperPlayerDirectory,
  type SleeperRoster,
  type SleeperUser,
  sleeperLeagueListSchema,
  sleeperLeagueLookupSchema,
  sleeperLeagueUsersSchema,
  sleeperMatchupsSchema,
  sleeperNflStateSchema,
  sleeperPlayerDirectorySchema,
  sleeperRostersSchema,
  sleeperUserLookupSchema,
} from './schemas.js';

const MINUTE_MS = 60_000;
/** League data changes with trades and waivers: a few minutes of staleness is fine. */
export const LEAGUE_DATA_TTL_MS = 3 * MINUTE_MS;
/** Matchup points move during games, so they are kept only briefly. */
export const MATCHUPS_TTL_MS = MINUTE_MS;
export const USER_TTL_MS = 5 * MINUTE_MS;
export const NFL_STATE_TTL_MS = 10 * MINUTE_MS;
/** Sleeper asks callers to fetch the ~5 MB player directory at most once a day. */
export const PLAYER_DIRECTORY_TTL_MS = 24 * 60 * MINUTE_MS;
/** The full directory is several megabytes: allow it longer than the default per-try timeout. */
export const PLAYER_DIRECTORY_TIMEOUT_MS = 30_000;
/**
 * After the directory failed, it is not asked again for this long: a failed load costs its retries (about 1–1.5 s
 * for a 503, up to the timeout for a hang), and every league page that links players would pay them again. Measured
 * in the ESPN browser test with the directory down: Home 2.7–4.3 s while each page retried it.
 */
export const PLAYER_DIRECTORY_FAILURE_HOLD_MS = MINUTE_MS;
/** The directory is ~5 MB (about 11,000 players); anything past 20 MB is not a player directory. */
export const PLAYER_DIRECTORY_MAX_BYTES = 20 * 1024 * 1024;

export interface SleeperClientOptions extends HttpRetryOptions {
  /** Origin of the Sleeper-compatible service, e.g. https://api.sleeper.app (paths are /v1/…). */
  baseUrl: string;
  /** Shared cache; each client gets its own when omitted. */
  cache?: TtlCache;
  /**
   * Where the player directory is kept, apart from the per-league answers so that a flood of
   * league lookups can never evict it (it is fetched at most once a day); its own when omitted.
   */
  directoryCache?: TtlCache;
  /** The calls per minute every Sleeper client of the product shares. */
  budget?: UpstreamBudget | undefined;
}

/** Read-only client for the public Sleeper v1 API. Every failure is an AppError with a spec message. */
export class SleeperClient {
  private readonly baseUrl: string;
  private readonly cache: TtlCache;
  private readonly directoryCache: TtlCache;
  private readonly retry: HttpRetryOptions;

  constructor(options: SleeperClientOptions) {
    const { baseUrl, cache, directoryCache, ...retry } = options;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.cache = cache ?? new TtlCache();
    this.directoryCache = directoryCache ?? new TtlCache({ maxEntries: 2 });
    this.retry = retry;
  }

  /** Looks a user up by username (or user id). Unknown → 404 SLEEPER_USER_NOT_FOUND. */
  async getUser(username: string): Promise<SleeperUser & { user_id: string }> {
    const key = username.trim().toLowerCase();
    const user = await this.cached(`user:${key}`, USER_TTL_MS, async () => {
      try {
        return await this.get(`/v1/user/${encodeURIComponent(key)}`, sleeperUserLookupSchema, {
          failureMessage: `Sleeper is not answering right now, so we could not look up '${username}'. This is an outage at Sleeper, not a wrong username: try again in a few minutes.`,
        });
      } catch (error) {
        if (error instanceof UpstreamRequestError && error.upstreamStatus === 404) return null;
        throw error;
      }
    });
    if (user === null) {
      throw new AppError('SLEEPER_USER_NOT_FOUND', `Sleeper user '${username}' not found.`, 404);
    }
    if (!user.user_id) {
      throw new AppError('SLEEPER_USER_INCOMPLETE', `Incomplete data for user '${username}'.`, 502);
    }
    return { ...user, user_id: user.user_id };
  }

  async getUserLeagues(userId: string, season: string | number): Promise<SleeperLeague[]> {
    const leagues = await this.cached(`leagues:${userId}:${season}`, LEAGUE_DATA_TTL_MS, () =>
      this.get(
        `/v1/user/${encodeURIComponent(userId)}/leagues/nfl/${encodeURIComponent(String(season))}`,
        sleeperLeagueListSchema,
        {
          failureMessage: `Failed to fetch leagues for season ${season}.`,
        },
      ),
    );
    return leagues ?? [];
  }

  /** Unknown league → 404 SLEEPER_LEAGUE_NOT_FOUND. */
  async getLeague(leagueId: string): Promise<SleeperLeague> {
    const league = await this.cached(`league:${leagueId}`, LEAGUE_DATA_TTL_MS, () =>
      this.get(`/v1/league/${encodeURIComponent(leagueId)}`, sleeperLeagueLookupSchema, {
        failureMessage: 'Failed to fetch league details.',
      }),
    );
    if (league === null) {
      throw new AppError('SLEEPER_LEAGUE_NOT_FOUND', `Sleeper league '${leagueId}' not found.`, 404);
    }
    return league;
  }

  async getLeagueRosters(leagueId: string): Promise<SleeperRoster[]> {
    const rosters = await this.cached(`rosters:${leagueId}`, LEAGUE_DATA_TTL_MS, () =>
      this.get(`/v1/league/${encodeURIComponent(leagueId)}/rosters`, sleeperRostersSchema, {
        failureMessage: 'Failed to fetch league rosters.',
      }),
    );
    return rosters ?? [];
  }

  async getLeagueUsers(leagueId: string): Promise<SleeperLeagueUser[]> {
    const users = await this.cached(`users:${leagueId}`, LEAGUE_DATA_TTL_MS, () =>
      this.get(`/v1/league/${encodeURIComponent(leagueId)}/users`, sleeperLeagueUsersSchema, {
        failureMessage: 'Failed to fetch league users.',
      }),
    );
    return users ?? [];
  }

  /** Offseason weeks answer `[]`. */
  async getMatchups(leagueId: string, week: number): Promise<SleeperMatchup[]> {
    const matchups = await this.cached(`matchups:${leagueId}:${week}`, MATCHUPS_TTL_MS, () =>
      this.get(`/v1/league/${encodeURIComponent(leagueId)}/matchups/${week}`, sleeperMatchupsSchema, {
        failureMessage: `Failed to fetch matchups for week ${week}.`,
      }),
    );
    return matchups ?? [];
  }

  /** Current NFL season and week as Sleeper sees them. */
  async getNflState(): Promise<SleeperNflState> {
    return this.cached('state:nfl', NFL_STATE_TTL_MS, () =>
      this.get('/v1/state/nfl', sleeperNflStateSchema, {
        failureMessage: 'Failed to fetch the current NFL week.',
      }),
    );
  }

  /** The whole player directory keyed by player id. */
  async getPlayers(): Promise<SleeperPlayerDirectory> {
    const key = `sleeper:${this.baseUrl}:players:nfl`;
    const failureKey = `${key}:failure`;
    const recentFailure = this.directoryCache.get(failureKey);
    if (recentFailure) throw recentFailure;
    try {
      return (await this.directoryCache.getOrLoad(key, PLAYER_DIRECTORY_TTL_MS, () =>
        this.get('/v1/players/nfl', sleeperPlayerDirectorySchema, {
          failureMessage: 'Player data is not available yet.',
          timeoutMs: Math.max(this.retry.timeoutMs ?? 0, PLAYER_DIRECTORY_TIMEOUT_MS),
          maxBytes: PLAYER_DIRECTORY_MAX_BYTES,
        }),
      )) as SleeperPlayerDirectory;
    } catch (error) {
      this.directoryCache.set(failureKey, error, PLAYER_DIRECTORY_FAILURE_HOLD_MS);
      throw error;
    }
  }

  private get<S extends z.ZodType>(
    path: string,
    schema: S,
    request: { failureMessage: string; timeoutMs?: number; maxBytes?: number },
  ): Promise<z.output<S>> {
    return fetchJson(`${this.baseUrl}${path}`, schema, { ...this.retry, ...request });
  }

  private cached<V>(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    // Keys carry the base URL so two clients pointing at different services can share one cache.
    return this.cache.getOrLoad(`sleeper:${this.baseUrl}:${key}`, ttlMs, load) as Promise<V>;
  }
}
