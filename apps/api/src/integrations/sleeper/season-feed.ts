import { z } from 'zod';
import { fetchJson, type HttpRetryOptions, UpstreamRequestError } from '../http.js';
import { PLAYER_DIRECTORY_MAX_BYTES } from './client.js';
import {
  sleeperNflStateSchema,
  sleeperPlayerDirectorySchema,
  type SleeperNflState,
  type SleeperPlayerDirectory,
} from './schemas.js';

/** The sync waits at most this long for one answer; a stuck upstream must not hold it up. */
export const SEASON_FEED_TIMEOUT_MS = 10_000;
/** One retry: an hourly sync tries again next hour, so there is no point in hammering now. */
export const SEASON_FEED_MAX_ATTEMPTS = 2;

/** A player's (or team's) numbers for one week: Sleeper stat keys to values. */
export type SleeperStatMap = Record<string, number>;

export interface SleeperWeekEntry {
  stats: SleeperStatMap;
  /** Present in the non-v1 answer shape only. */
  team?: string | undefined;
  opponent?: string | undefined;
}

/** One week's stats or projections, keyed by Sleeper player id (team defenses by team code). */
export type SleeperWeekAnswer = Map<string, SleeperWeekEntry>;

export interface SleeperScheduledGame {
  week: number;
  home: string;
  away: string;
  kickoff: string | null;
}

const statValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
const statMap = z.record(z.string(), statValue);
/** `/v1/stats|projections/…` answer an object keyed by player id; a few mirrors answer a list. */
const v1WeekSchema = z.record(z.string(), statMap.nullable());
const listWeekSchema = z.array(
  z.object({
    player_id: z.union([z.string(), z.number()]).transform(String),
    stats: statMap.nullish(),
    team: z.string().nullish(),
    opponent: z.string().nullish(),
  }),
);
/** Weeks with nothing published answer `{}`, `[]` or `null`. */
const weekSchema = z.union([v1WeekSchema, listWeekSchema, z.null()]);

const scheduleSchema = z.array(
  z.object({
    week: z.coerce.number().int(),
    home: z.string(),
    away: z.string(),
    date: z.string().nullish(),
    start_time: z.union([z.string(), z.number()]).nullish(),
  }),
);

function numbersOnly(stats: z.output<typeof statMap> | null | undefined): SleeperStatMap {
  const numbers: SleeperStatMap = {};
  if (!stats) return numbers;
  for (const [key, value] of Object.entries(stats)) {
    if (typeof value === 'number' && Number.isFinite(value)) numbers[key] = value;
  }
  return numbers;
}

function toWeekAnswer(body: z.output<typeof weekSchema>): SleeperWeekAnswer {
  const answer: SleeperWeekAnswer = new Map();
  if (body === null) return answer;
  if (Array.isArray(body)) {
    for (const entry of body) {
      answer.set(entry.player_id, {
        stats: numbersOnly(entry.stats),
        team: entry.team ?? undefined,
        opponent: entry.opponent ?? undefined,
      });
    }
    return answer;
  }
  for (const [playerId, stats] of Object.entries(body)) answer.set(playerId, { stats: numbersOnly(stats) });
  return answer;
}

function kickoffOf(game: z.output<typeof scheduleSchema>[number]): string | null {
  if (typeof game.start_time === 'number') return new Date(game.start_time).toISOString();
  const text = game.start_time ?? game.date;
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * The public season data the sync reads from a Sleeper-compatible service: NFL state, the player
 * directory, weekly stats and projections. Nothing is cached here (the sync decides what to fetch);
 * every call is bounded by SEASON_FEED_TIMEOUT_MS per attempt.
 */
export class SleeperSeasonFeed {
  private readonly baseUrl: string;
  private readonly retry: HttpRetryOptions;

  constructor(options: { baseUrl: string } & HttpRetryOptions) {
    const { baseUrl, ...retry } = options;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.retry = { timeoutMs: SEASON_FEED_TIMEOUT_MS, maxAttempts: SEASON_FEED_MAX_ATTEMPTS, ...retry };
  }

  state(): Promise<SleeperNflState> {
    return this.get('/v1/state/nfl', sleeperNflStateSchema, 'Failed to fetch the current NFL week.');
  }

  players(): Promise<SleeperPlayerDirectory> {
    return this.get(
      '/v1/players/nfl',
      sleeperPlayerDirectorySchema,
      'Failed to fetch the player directory.',
      {
        maxBytes: PLAYER_DIRECTORY_MAX_BYTES,
      },
    );
  }

  async weekStats(season: number, week: number): Promise<SleeperWeekAnswer> {
    const body = await this.get(
      `/v1/stats/nfl/regular/${season}/${week}`,
      weekSchema,
      `Failed to fetch stats for ${season} week ${week}.`,
    );
    return toWeekAnswer(body);
  }

  async weekProjections(season: number, week: number): Promise<SleeperWeekAnswer> {
    const body = await this.get(
      `/v1/projections/nfl/regular/${season}/${week}`,
      weekSchema,
      `Failed to fetch projections for ${season} week ${week}.`,
    );
    return toWeekAnswer(body);
  }

  /**
   * The regular-season schedule, where the service publishes one (Sleeper serves it outside /v1).
   * Null when it does not: opponents are then derived from the weekly team stats.
   */
  async schedule(season: number): Promise<SleeperScheduledGame[] | null> {
    try {
      const games = await this.get(
        `/schedule/nfl/regular/${season}`,
        scheduleSchema,
        `Failed to fetch the ${season} schedule.`,
        { maxAttempts: 1 },
      );
      return games.map((game) => ({
        week: game.week,
        home: game.home.toUpperCase(),
        away: game.away.toUpperCase(),
        kickoff: kickoffOf(game),
      }));
    } catch (error) {
      // a service without a schedule answers 404, or a page that is not the list we expect
      if (error instanceof UpstreamRequestError && error.reason !== 'timeout' && error.reason !== 'network')
        return null;
      throw error;
    }
  }

  private get<S extends z.ZodType>(
    path: string,
    schema: S,
    failureMessage: string,
    overrides: HttpRetryOptions = {},
  ): Promise<z.output<S>> {
    return fetchJson(`${this.baseUrl}${path}`, schema, { ...this.retry, ...overrides, failureMessage });
  }
}
