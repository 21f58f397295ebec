import { fetchJson, type HttpRetryOptions } from '../http.js';
import { toScoreboardGame, type ScoreboardGame } from './game-clock.js';
import { scoreboardSchema } from './schemas.js';

/**
 * A league page may wait on it and a game day asks every minute: a slow or failing scoreboard is skipped (the
 * clock is then estimated), never waited for twice.
 */
export const SCOREBOARD_TIMEOUT_MS = 3_000;
export const SCOREBOARD_MAX_ATTEMPTS = 1;
/** ESPN's code for the regular season. */
const REGULAR_SEASON_TYPE = 2;

/**
 * ESPN's public NFL scoreboard (no key): the state, clock and score of each game of a regular-season week, in our
 * team codes. `baseUrl` is the scoreboard's full address (`NFL_SCOREBOARD_URL`).
 */
export class NflScoreboardClient {
  private readonly baseUrl: string;
  private readonly retry: HttpRetryOptions;

  constructor(options: { baseUrl: string } & HttpRetryOptions) {
    const { baseUrl, ...retry } = options;
    this.baseUrl = baseUrl;
    this.retry = { timeoutMs: SCOREBOARD_TIMEOUT_MS, maxAttempts: SCOREBOARD_MAX_ATTEMPTS, ...retry };
  }

  async weekGames(season: number, week: number): Promise<ScoreboardGame[]> {
    const url = new URL(this.baseUrl);
    url.searchParams.set('dates', String(season));
    url.searchParams.set('seasontype', String(REGULAR_SEASON_TYPE));
    url.searchParams.set('week', String(week));
    const answer = await fetchJson(url.toString(), scoreboardSchema, {
      ...this.retry,
      failureMessage: 'Failed to read the NFL scoreboard.',
    });
    return answer.events.flatMap((event) => {
      const game = toScoreboardGame(event);
      return game ? [game] : [];
    });
  }
}
