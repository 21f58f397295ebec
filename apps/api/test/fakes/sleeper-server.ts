import { type FakeResponse, type FakeServer, startFakeServer } from './fake-http.js';
import { readFixture } from './fixtures.js';
import { seasonWeeksRoute, type SleeperSeasonData } from './sleeper-season-server.js';

/** The recorded user (fixture `sleeper/user.json`). */
export const FAKE_SLEEPER_USER = { username: 'dakeif', userId: '727931651199414272' } as const;
/** Extra usernames that answer the recorded user (with their own name), for tests and demos. */
export const FAKE_SLEEPER_TEST_USERNAMES = ['testuser', 'sleeper_demo', 'e2e_manager'] as const;
/** Set A: the 2026 dynasty league recorded in the offseason. */
export const OFFSEASON_LEAGUE_ID = '1335327387256119296';
/** Set B: the completed 2025 redraft league with scored week-1 and week-17 matchups. */
export const IN_SEASON_LEAGUE_ID = '1260643183704932352';
export const IN_SEASON_SEASON = '2025';

/**
 * - `in-season` (default): NFL state says 2025 regular season week 1, and the user's 2025 leagues
 *   include the Set B league, whose rosters, users and week-1 matchups are all recorded.
 * - `preseason` / `offseason`: the recorded `state_nfl_preseason.json` / `state_nfl.json` answers.
 */
export type SleeperScenario = 'in-season' | 'preseason' | 'offseason';

export interface FakeSleeperOptions {
  scenario?: SleeperScenario;
  /** Usernames (besides the recorded one) that find the recorded user. */
  usernames?: readonly string[];
  /**
   * Make the recorded user the owner of this roster of the in-season league (whose recorded
   * owners are strangers), so "my team" and "my matchup" exist there.
   */
  inSeasonRosterOwned?: number;
  /** Leagues the recorded user has left: their league lists no longer show them (read at each request). */
  leftLeagues?: ReadonlySet<string>;
  /** Answer the in-season league as still being played (status in_season) instead of complete. */
  isInSeasonLeagueLive?: boolean;
  port?: number;
  host?: string;
  /**
   * Plays the in-season league as if `week` were being played now (NFL state at that week, league
   * `in_season`), so its line-ups can still change; default: the recorded, completed season at week 1.
   */
  liveWeek?: number;
  /** Rewrites the recorded matchups of a week as they are answered (a game-day replay moves their points on). */
  matchupsAsOf?: (recorded: Json[], week: number) => Json[];
  /** Rewrites the in-season league as it is answered (its scoring settings, say). */
  leagueAsOf?: (recorded: Json) => Json;
  /** Rewrites the in-season league's rosters as they are answered (teams added, say). */
  rostersAsOf?: (recorded: Json[]) => Json[];
  /** Rewrites the player directory as it is answered (a game-day replay rules a player out). */
  playersAsOf?: (recorded: Json) => Json;
  /**
   * Also serve these weekly stats, projections and schedules (read at each request, so a replay may change them),
   * as api.sleeper.app serves season data next to leagues: the data sync can then run against this service.
   */
  season?: Pick<SleeperSeasonData, 'weeks' | 'schedules'>;
}

export type FakeSleeper = FakeServer;

type Json = Record<string, any>;

/** A local stand-in for api.sleeper.app that replays the fixtures under /work/shared/fixtures/sleeper. */
export async function startFakeSleeper(options: FakeSleeperOptions = {}): Promise<FakeSleeper> {
  const scenario = options.scenario ?? 'in-season';
  const aliases = new Set(
    [...(options.usernames ?? FAKE_SLEEPER_TEST_USERNAMES)].map((name) => name.toLowerCase()),
  );
  const data = loadSleeperData();
  if (options.inSeasonRosterOwned !== undefined) takeOverRoster(data, options.inSeasonRosterOwned);
  if (options.isInSeasonLeagueLive || options.liveWeek !== undefined) {
    const league = { ...data.leagues.get(IN_SEASON_LEAGUE_ID)!, status: 'in_season' };
    data.leagues.set(IN_SEASON_LEAGUE_ID, league);
    const season = data.leaguesBySeason.get(IN_SEASON_SEASON) ?? [];
    data.leaguesBySeason.set(
      IN_SEASON_SEASON,
      season.map((l) => (l.league_id === IN_SEASON_LEAGUE_ID ? league : l)),
    );
  }

  return startFakeServer(
    (_request, url) => {
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      const season = () => (options.season && seasonWeeksRoute(options.season, url)) || notFound();
      if (parts[0] !== 'v1') return season();
      const [, resource, id, sub, arg, extra] = parts;

      if (resource === 'user' && id && parts.length === 3) return ok(findUser(data.user, id, aliases));
      if (resource === 'user' && id && sub === 'leagues' && arg === 'nfl' && extra && parts.length === 6) {
        const listed = id === FAKE_SLEEPER_USER.userId ? (data.leaguesBySeason.get(extra) ?? []) : [];
        const leagues = listed.filter((league) => !options.leftLeagues?.has(league.league_id));
        const asOf = options.leagueAsOf;
        return ok(asOf ? leagues.map((l) => (l.league_id === IN_SEASON_LEAGUE_ID ? asOf(l) : l)) : leagues);
      }
      if (resource === 'league' && id) return leagueRoute(data, id, sub, arg, parts.length, options);
      if (resource === 'state' && id === 'nfl' && parts.length === 3) {
        const state = stateFor(scenario);
        return ok(
          options.liveWeek === undefined
            ? state
            : { ...state, week: options.liveWeek, display_week: options.liveWeek },
        );
      }
      if (resource === 'players' && id === 'nfl' && parts.length === 3) {
        return ok(options.playersAsOf ? options.playersAsOf(data.players) : data.players);
      }
      return season();
    },
    options.port,
    options.host,
  );
}

interface SleeperData {
  user: Json;
  leaguesBySeason: Map<string, Json[]>;
  leagues: Map<string, Json>;
  rosters: Map<string, Json[]>;
  users: Map<string, Json[]>;
  matchups: Map<string, Json[]>;
  players: Json;
}

function loadSleeperData(): SleeperData {
  const offseasonLeague = readFixture('sleeper/league.json');
  const inSeasonLeague = readFixture('sleeper/season2025_league.json');
  const leaguesBySeason = new Map<string, Json[]>([
    ['2024', readFixture('sleeper/user_leagues_nfl_2024.json')],
    ['2025', [inSeasonLeague, ...readFixture<Json[]>('sleeper/user_leagues_nfl_2025.json')]],
    ['2026', [offseasonLeague]],
  ]);
  const leagues = new Map<string, Json>();
  for (const list of leaguesBySeason.values())
    for (const league of list) leagues.set(league.league_id, league);
  return {
    user: readFixture('sleeper/user.json'),
    leaguesBySeason,
    leagues,
    rosters: new Map([
      [OFFSEASON_LEAGUE_ID, readFixture('sleeper/league_rosters.json')],
      [IN_SEASON_LEAGUE_ID, readFixture('sleeper/season2025_league_rosters.json')],
    ]),
    users: new Map([
      [OFFSEASON_LEAGUE_ID, readFixture('sleeper/league_users.json')],
      [IN_SEASON_LEAGUE_ID, readFixture('sleeper/season2025_league_users.json')],
    ]),
    matchups: new Map([
      [`${IN_SEASON_LEAGUE_ID}:1`, readFixture('sleeper/season2025_league_matchups_week1.json')],
      [`${IN_SEASON_LEAGUE_ID}:17`, readFixture('sleeper/season2025_league_matchups_week17.json')],
    ]),
    // The real directory has every player; the union of both samples covers the recorded rosters.
    players: {
      ...readFixture('sleeper/players_nfl_sample.json'),
      ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
    },
  };
}

function takeOverRoster(data: SleeperData, rosterId: number): void {
  const rosters = data.rosters.get(IN_SEASON_LEAGUE_ID) ?? [];
  const roster = rosters.find((r) => r.roster_id === rosterId);
  if (!roster) throw new Error(`The in-season league has no roster ${rosterId}`);
  const previousOwner = roster.owner_id as string;
  data.rosters.set(
    IN_SEASON_LEAGUE_ID,
    rosters.map((r) => (r === roster ? { ...r, owner_id: FAKE_SLEEPER_USER.userId, co_owners: null } : r)),
  );
  const users = data.users.get(IN_SEASON_LEAGUE_ID) ?? [];
  data.users.set(IN_SEASON_LEAGUE_ID, [
    ...users.filter((u) => u.user_id !== previousOwner),
    {
      ...users.find((u) => u.user_id === previousOwner),
      user_id: FAKE_SLEEPER_USER.userId,
      display_name: 'dakeif',
    },
  ]);
}

function findUser(user: Json, nameOrId: string, aliases: Set<string>): Json | null {
  const key = nameOrId.toLowerCase();
  if (key === FAKE_SLEEPER_USER.username || key === FAKE_SLEEPER_USER.userId) return user;
  if (aliases.has(key)) return { ...user, username: key, display_name: nameOrId };
  return null;
}

function leagueRoute(
  data: SleeperData,
  leagueId: string,
  sub: string | undefined,
  arg: string | undefined,
  depth: number,
  { matchupsAsOf, leagueAsOf, rostersAsOf }: FakeSleeperOptions,
): FakeResponse {
  const league = data.leagues.get(leagueId);
  if (depth === 3) return ok(league && leagueAsOf ? leagueAsOf(league) : (league ?? null));
  const isKnown = data.leagues.has(leagueId);
  if (sub === 'rosters' && depth === 4) {
    const rosters = data.rosters.get(leagueId) ?? [];
    const asOf = leagueId === IN_SEASON_LEAGUE_ID ? rostersAsOf : undefined;
    return ok(isKnown ? (asOf ? asOf(rosters) : rosters) : null);
  }
  if (sub === 'users' && depth === 4) return ok(isKnown ? (data.users.get(leagueId) ?? []) : null);
  if (sub === 'matchups' && arg && depth === 5) {
    // Unrecorded weeks (and every offseason week) answer [] like the real service between games.
    const recorded = data.matchups.get(`${leagueId}:${arg}`) ?? [];
    return ok(isKnown ? (matchupsAsOf ? matchupsAsOf(recorded, Number(arg)) : recorded) : null);
  }
  return notFound();
}

function stateFor(scenario: SleeperScenario): Json {
  if (scenario === 'offseason') return readFixture('sleeper/state_nfl.json');
  if (scenario === 'preseason') return readFixture('sleeper/state_nfl_preseason.json');
  // The recorded regular-season state is from 2026; shift it to 2025 so it agrees with Set B.
  return {
    ...readFixture('sleeper/state_nfl_regular.json'),
    season: IN_SEASON_SEASON,
    league_season: IN_SEASON_SEASON,
    league_create_season: IN_SEASON_SEASON,
    previous_season: '2024',
    season_start_date: '2025-09-04',
  };
}

const ok = (body: unknown): FakeResponse => ({ status: 200, body });
const notFound = (): FakeResponse => ({ status: 404, rawBody: '<html>404 Not Found</html>' });
