import type { ClockSource, LiveGame } from '@fm/contract';
import type { NflGameState } from '@fm/engine';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { NflScoreboardClient } from '../../integrations/nfl-scoreboard/client.js';
import type { ScoreboardGame } from '../../integrations/nfl-scoreboard/game-clock.js';
import { TtlCache } from '../../integrations/cache.js';
import { loadHeldGames, type NflGame } from './nfl-schedule.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** A game from kickoff to final whistle, including half-time, as the clock is estimated without a scoreboard. */
export const NOMINAL_GAME_MS = (3 * 60 + 5) * 60_000;
/** The scoreboard is read at most this often per process and week, however many pages ask. */
export const SCOREBOARD_REFRESH_MS = 20_000;
/**
 * A closed week's final scores do not change: its scoreboard is read at most this often per process and week (an
 * unreadable one is tried again after SCOREBOARD_REFRESH_MS).
 */
export const CLOSED_WEEK_REFRESH_MS = 6 * 60 * 60_000;
/** An estimated game under way keeps at least this share to play until the estimate says it is over. */
const MIN_ESTIMATED_FRACTION = 0.01;

export type { ClockSource, LiveGame };

export interface LiveWeek {
  games: LiveGame[];
  /** `estimated` when the scoreboard could not be read (every game's clock is then an estimate). */
  clock_source: ClockSource;
}

const scoreboardOf = memoByIdentity((config: Config) => ({
  client: new NflScoreboardClient({ baseUrl: config.nflScoreboardUrl }),
  cache: new TtlCache<ScoreboardGame[] | null>({ maxEntries: 8 }),
}));

/**
 * The week's games from the scoreboard, read at most every SCOREBOARD_REFRESH_MS and again after every data change
 * (the key holds the data version): stats that land show with the clock they were synced at, on every process,
 * not with one read before them. Null when it cannot be read.
 */
async function readScoreboard(
  deps: AppDeps,
  season: number,
  week: number,
  isFresh: boolean,
): Promise<ScoreboardGame[] | null> {
  const { client, cache } = scoreboardOf(deps.config);
  const key = `${await deps.dataVersion.read()}:${season}:${week}`;
  const load = () =>
    client.weekGames(season, week).then(
      (games) => (games.length > 0 ? games : null),
      (error: unknown) => {
        deps.log.warn({ err: error, season, week }, 'NFL scoreboard unreadable; game clocks are estimated');
        return null;
      },
    );
  if (!isFresh) return cache.getOrLoad(key, SCOREBOARD_REFRESH_MS, load);
  const games = await load();
  cache.set(key, games, SCOREBOARD_REFRESH_MS);
  return games;
}

/** A closed week's final scores, read once per CLOSED_WEEK_REFRESH_MS; null when the scoreboard cannot be read. */
async function readClosedWeekScoreboard(
  deps: AppDeps,
  season: number,
  week: number,
): Promise<ScoreboardGame[] | null> {
  const { client, cache } = scoreboardOf(deps.config);
  const key = `closed:${season}:${week}`;
  const held = cache.get(key);
  if (held !== undefined) return held;
  const games = await client.weekGames(season, week).then(
    (read) => (read.length > 0 ? read : null),
    (error: unknown) => {
      deps.log.warn(
        { err: error, season, week },
        'NFL scoreboard unreadable; a closed week shows no game scores',
      );
      return null;
    },
  );
  cache.set(key, games, games ? CLOSED_WEEK_REFRESH_MS : SCOREBOARD_REFRESH_MS);
  return games;
}

/**
 * A closed week's game, final, with its score and period (overtime) from the scoreboard when it lists the same two
 * teams as over (either way round: a schedule paired from the stats does not know which side was at home).
 */
export function withFinalScore(game: LiveGame, board: readonly ScoreboardGame[] | null): LiveGame {
  const played = board?.find(
    (entry) =>
      entry.state === 'final' &&
      ((entry.homeTeam === game.home_team && entry.awayTeam === game.away_team) ||
        (entry.homeTeam === game.away_team && entry.awayTeam === game.home_team)),
  );
  if (!played) return game;
  const isSwapped = played.homeTeam !== game.home_team;
  return {
    ...game,
    period: played.period,
    description: played.description,
    home_score: isSwapped ? played.awayScore : played.homeScore,
    away_score: isSwapped ? played.homeScore : played.awayScore,
  };
}

/**
 * A game's state without a scoreboard: before kickoff `pre`; then `in`, the share left falling linearly over
 * NOMINAL_GAME_MS; then `final`. Unknown kickoff: `pre` (or `final` once the week is complete).
 */
export function estimateGame(game: NflGame, now: number, isWeekComplete: boolean): LiveGame {
  const kickoff = game.kickoffAt ? Date.parse(game.kickoffAt) : NaN;
  let state: NflGameState = isWeekComplete ? 'final' : 'pre';
  let fraction = isWeekComplete ? 0 : 1;
  if (!isWeekComplete && !Number.isNaN(kickoff) && now >= kickoff) {
    const elapsed = (now - kickoff) / NOMINAL_GAME_MS;
    state = elapsed >= 1 ? 'final' : 'in';
    fraction = elapsed >= 1 ? 0 : Math.max(MIN_ESTIMATED_FRACTION, 1 - elapsed);
  }
  return {
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    state,
    fraction_remaining: fraction,
    period: null,
    clock: null,
    description: null,
    home_score: null,
    away_score: null,
    kickoff: game.kickoffAt,
    clock_source: 'estimated',
  };
}

function fromScoreboard(game: ScoreboardGame, scheduled: NflGame | undefined): LiveGame {
  return {
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    state: game.state,
    fraction_remaining: game.fractionRemaining,
    period: game.period,
    clock: game.displayClock,
    description: game.description,
    home_score: game.homeScore,
    away_score: game.awayScore,
    kickoff: game.kickoff ?? scheduled?.kickoffAt ?? null,
    clock_source: 'scoreboard',
  };
}

/**
 * Every NFL game of `week`: state, share left, clock and score from the scoreboard while the week is played;
 * estimated from the schedule's kickoff times when the scoreboard cannot be read; all final once the week is
 * complete, with their final scores where the scoreboard has them.
 */
export async function loadLiveWeek(
  deps: AppDeps,
  request: {
    season: number;
    week: number;
    isWeekComplete: boolean;
    now?: number;
    /** Read the scoreboard now (the live sync's tick), refreshing what pages are answered. */
    isFresh?: boolean;
  },
): Promise<LiveWeek> {
  const now = request.now ?? Date.now();
  const scheduled = await loadHeldGames(deps, request.season, request.week);
  if (request.isWeekComplete) {
    // the live sync never asks for a closed week: only pages do, and they may show its scores
    const board = request.isFresh ? null : await readClosedWeekScoreboard(deps, request.season, request.week);
    return {
      games: scheduled.map((game) => withFinalScore(estimateGame(game, now, true), board)),
      clock_source: 'scoreboard',
    };
  }
  const board = await readScoreboard(deps, request.season, request.week, request.isFresh ?? false);
  if (!board) {
    return { games: scheduled.map((game) => estimateGame(game, now, false)), clock_source: 'estimated' };
  }
  const byHome = new Map(scheduled.map((game) => [game.homeTeam, game]));
  return {
    games: board.map((game) => fromScoreboard(game, byHome.get(game.homeTeam))),
    clock_source: 'scoreboard',
  };
}

/** team → its game in the week (both sides). */
export function liveGamesByTeam(games: readonly LiveGame[]): Map<string, LiveGame> {
  const byTeam = new Map<string, LiveGame>();
  for (const game of games) {
    byTeam.set(game.home_team, game);
    byTeam.set(game.away_team, game);
  }
  return byTeam;
}

/** Whether any game is under way now, or (by the schedule) may be: what makes the live sync poll. */
export function isAnyGameInProgress(week: LiveWeek): boolean {
  return week.games.some((game) => game.state === 'in');
}
