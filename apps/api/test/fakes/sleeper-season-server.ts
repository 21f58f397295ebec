import { buildReplaySeason, replayState, type NflcomWeek } from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { type FakeResponse, type FakeServer, startFakeServer } from './fake-http.js';
import { nflDataDir, readFixture } from './fixtures.js';

type Json = Record<string, any>;

/** One week of a season as the service publishes it: stats once played, projections before. */
export interface SeasonWeek {
  stats?: Json;
  projections?: Json;
}

export interface SleeperSeasonData {
  /** `GET /v1/state/nfl`. */
  state: Json;
  /** `GET /v1/players/nfl`. */
  players: Json;
  /** Keyed "season:week". Weeks not listed answer `{}`, as the real service does between seasons. */
  weeks: Map<string, SeasonWeek>;
  /** `GET /schedule/nfl/regular/{season}` when present; a 404 otherwise (the stats then pair the teams). */
  schedules?: Map<number, Json[]>;
}

export interface FakeSleeperSeason extends FakeServer {
  data: SleeperSeasonData;
  /** Moves the NFL state on (and publishes what `publish` adds), as the real season does week by week. */
  setState(state: Json): void;
}

/**
 * A Sleeper-compatible service for the season-data endpoints the sync reads: state, player
 * directory, weekly stats and projections, and optionally the schedule. Failures (dead, slow,
 * garbage answers) are injected with `failNext`, as on the other fakes.
 */
export async function startFakeSleeperSeason(data: SleeperSeasonData): Promise<FakeSleeperSeason> {
  const server = await startFakeServer((_request, url) => route(data, url));
  return {
    ...server,
    data,
    setState(state) {
      data.state = state;
    },
  };
}

function route(data: SleeperSeasonData, url: URL): FakeResponse {
  const path = url.pathname.split('/').filter(Boolean).join('/');
  if (path === 'v1/state/nfl') return ok(data.state);
  if (path === 'v1/players/nfl') return ok(data.players);
  return seasonWeeksRoute(data, url) ?? notFound();
}

/**
 * The weekly stats, projections and schedule of `data`, or null for any other path: a fake Sleeper league service
 * serves them too when given a season (as api.sleeper.app serves both).
 */
export function seasonWeeksRoute(
  data: Pick<SleeperSeasonData, 'weeks' | 'schedules'>,
  url: URL,
): FakeResponse | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'schedule' && parts[1] === 'nfl' && parts[2] === 'regular' && parts.length === 4) {
    const schedule = data.schedules?.get(Number(parts[3]));
    return schedule ? ok(schedule) : notFound();
  }
  const week = /^v1\/(stats|projections)\/nfl\/regular\/(\d{4})\/(\d{1,2})$/.exec(parts.join('/'));
  if (!week) return null;
  const [, kind, season, number] = week;
  const published = data.weeks.get(`${Number(season)}:${Number(number)}`);
  return ok((kind === 'stats' ? published?.stats : published?.projections) ?? {});
}

const ok = (body: unknown): FakeResponse => ({ status: 200, body });
const notFound = (): FakeResponse => ({ status: 404, rawBody: '<html>404 Not Found</html>' });

/** The recorded answers: 2024 week 1 stats and projections, with the directory samples. */
export function recordedSeasonData(state: Json): SleeperSeasonData {
  return {
    state,
    players: {
      ...readFixture('sleeper/players_nfl_sample.json'),
      ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
    },
    weeks: new Map([
      [
        '2024:1',
        {
          stats: readFixture('sleeper/stats_nfl_regular_2024_week1.json'),
          projections: readFixture('sleeper/projections_nfl_regular_2024_week1.json'),
        },
      ],
    ]),
  };
}

/** The recorded regular-season state moved to a given week. */
export function regularSeasonState(season: number, week: number): Json {
  return {
    ...readFixture('sleeper/state_nfl_regular.json'),
    season: String(season),
    league_season: String(season),
    league_create_season: String(season),
    previous_season: String(season - 1),
    week,
    leg: week,
    display_week: week,
    season_type: 'regular',
  };
}

export interface ReplayOptions {
  /** A folder in the nfl-data layout (default ../shared/nfl-data). */
  dataDir?: string;
  /** The season served as the current one; the season before it is served as history. */
  season: number;
  /** The NFL week being played: earlier weeks have results, this one and the next have projections. */
  week: number;
  /** Also serve the schedule (home/away of every game); without it the sync pairs teams from the stats. */
  withSchedule?: boolean;
  /** The current week's games are under way: its stat lines so far are published too. */
  isWeekUnderway?: boolean;
  /** Serve the previous season as history (default); off for a shorter, faster replay. */
  withPreviousSeason?: boolean;
}

/**
 * A season replayed from NFL.com's files in Sleeper's shape (previous season complete, current
 * season up to `week`), so the sync, the model and the pages can be tested on a whole season.
 */
export function replaySeasonData(options: ReplayOptions): SleeperSeasonData {
  const { season, week } = options;
  const { weeks } = readNflDataDir(options.dataDir ?? nflDataDir, { seasons: [season - 1, season] });
  const previous = buildReplaySeason(weeks, season - 1);
  const current = buildReplaySeason(weeks, season, { currentWeek: week });
  const published = new Map<string, SeasonWeek>();
  for (const [number, stats] of options.withPreviousSeason === false ? [] : Object.entries(previous.stats)) {
    published.set(`${season - 1}:${number}`, { stats, projections: previous.projections[Number(number)] });
  }
  for (const [number, projections] of Object.entries(current.projections)) {
    const weekNumber = Number(number);
    if (weekNumber > week + 1) continue;
    published.set(`${season}:${weekNumber}`, {
      projections,
      ...(weekNumber < week || (weekNumber === week && options.isWeekUnderway)
        ? { stats: current.stats[weekNumber] }
        : {}),
    });
  }
  const schedules = options.withSchedule
    ? new Map(
        [season - 1, season].map((year) => [
          year,
          scheduleOf(weeks.filter((entry) => entry.season === year)),
        ]),
      )
    : undefined;
  return {
    state: replayState(season, week),
    players: { ...previous.players, ...current.players },
    weeks: published,
    ...(schedules ? { schedules } : {}),
  };
}

/** The NFL's games of one week of a folder in the nfl-data layout, as Sleeper's schedule lists them. */
export function scheduledWeek(dataDir: string, season: number, week: number): Json[] {
  const { weeks } = readNflDataDir(dataDir, { seasons: [season] });
  return scheduleOf(weeks.filter((entry) => entry.week === week));
}

/** Every game of the weeks, as Sleeper's schedule lists them (from the rows' opponent and venue). */
function scheduleOf(weeks: readonly NflcomWeek[]): Json[] {
  const games = new Map<string, Json>();
  for (const { week, projected, actual } of weeks) {
    for (const row of [...projected, ...(actual ?? [])]) {
      if (!row.opponent) continue;
      const [home, away] = row.isHome ? [row.team, row.opponent] : [row.opponent, row.team];
      games.set(`${week}:${home}`, { week, home, away, date: null });
    }
  }
  return [...games.values()];
}
