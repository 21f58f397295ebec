import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SLEEPER_USER,
  type FakeSleeper,
  IN_SEASON_LEAGUE_ID,
  OFFSEASON_LEAGUE_ID,
  startFakeSleeper,
} from '../../../test/fakes/sleeper-server.js';
import { startFakeServer } from '../../../test/fakes/fake-http.js';
import { AppError } from '../../errors.js';
import { TtlCache } from '../cache.js';
import { PLAYER_DIRECTORY_FAILURE_HOLD_MS, SleeperClient } from './client.js';

describe('SleeperClient against the fake Sleeper service', () => {
  let sleeper: FakeSleeper;
  /** A fresh client (and cache) per test so failures are not hidden by earlier answers. */
  let client: SleeperClient;

  beforeAll(async () => {
    sleeper = await startFakeSleeper();
  });
  afterAll(() => sleeper.close());
  beforeEach(() => {
    sleeper.reset();
    client = new SleeperClient({ baseUrl: sleeper.url, sleep: async () => {}, timeoutMs: 500 });
  });

  it('finds a user by username, case-insensitively', async () => {
    const user = await client.getUser('DaKeif');
    expect(user).toMatchObject({ user_id: FAKE_SLEEPER_USER.userId, display_name: 'dakeif' });
    expect(sleeper.requests[0]!.url).toBe('/v1/user/dakeif');
  });

  it("answers Sleeper's null for an unknown name with the exact spec message", async () => {
    const failure = await client.getUser('nobody_here').catch((e) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'SLEEPER_USER_NOT_FOUND',
      status: 404,
      message: "Sleeper user 'nobody_here' not found.",
    });
  });

  it('reports a user record without user_id as incomplete', async () => {
    const broken = await startFakeSleeperWithUser({
      username: 'ghost',
      user_id: null,
      display_name: 'Ghost',
    });
    try {
      const failure = await new SleeperClient({ baseUrl: broken.url }).getUser('ghost').catch((e) => e);
      expect(failure.message).toBe("Incomplete data for user 'ghost'.");
    } finally {
      await broken.close();
    }
  });

  it("lists a user's leagues for a season, including the in-season scenario league", async () => {
    const leagues = await client.getUserLeagues(FAKE_SLEEPER_USER.userId, 2025);
    expect(leagues.map((league) => league.league_id)).toContain(IN_SEASON_LEAGUE_ID);
    expect(leagues.every((league) => typeof league.league_id === 'string')).toBe(true);
    await expect(client.getUserLeagues(FAKE_SLEEPER_USER.userId, 2019)).resolves.toEqual([]);
  });

  it('turns exhausted 5xx retries into the spec message for each endpoint', async () => {
    sleeper.failNext(500, 3, '/leagues/');
    await expect(client.getUserLeagues(FAKE_SLEEPER_USER.userId, 2025)).rejects.toThrow(
      'Failed to fetch leagues for season 2025.',
    );
    sleeper.failNext(502, 3, '/rosters');
    await expect(client.getLeagueRosters(IN_SEASON_LEAGUE_ID)).rejects.toThrow(
      'Failed to fetch league rosters.',
    );
    sleeper.failNext(500, 3, '/users');
    await expect(client.getLeagueUsers(IN_SEASON_LEAGUE_ID)).rejects.toThrow('Failed to fetch league users.');
    sleeper.failNext(500, 3, '/players/nfl');
    await expect(client.getPlayers()).rejects.toThrow('Player data is not available yet.');
  });

  it('does not ask for a directory that just failed again for a minute, then does', async () => {
    let now = 1_000;
    const directoryCache = new TtlCache({ now: () => now });
    const held = new SleeperClient({
      baseUrl: sleeper.url,
      sleep: async () => {},
      timeoutMs: 500,
      directoryCache,
    });
    const directoryCalls = () =>
      sleeper.requests.filter((request) => request.url === '/v1/players/nfl').length;
    sleeper.failNext(503, 3, '/players/nfl');
    await expect(held.getPlayers()).rejects.toThrow('Player data is not available yet.');
    expect(directoryCalls()).toBe(3);
    // every league page that links players would otherwise pay the retries again
    await expect(held.getPlayers()).rejects.toThrow('Player data is not available yet.');
    expect(directoryCalls()).toBe(3);
    now += PLAYER_DIRECTORY_FAILURE_HOLD_MS + 1;
    await expect(held.getPlayers()).resolves.toBeTruthy();
    expect(directoryCalls()).toBe(4);
  });

  it('retries a 429 and then answers the rosters', async () => {
    sleeper.failNext({ kind: 'status', status: 429, retryAfterSeconds: 1 });
    const rosters = await client.getLeagueRosters(IN_SEASON_LEAGUE_ID);
    expect(rosters).toHaveLength(10);
    expect(sleeper.requests).toHaveLength(2);
  });

  it('gives up on a league that never answers within the timeout', async () => {
    sleeper.failNext({ kind: 'delay', ms: 3_000 }, 3, '/users');
    const failure = await client.getLeagueUsers(OFFSEASON_LEAGUE_ID).catch((e) => e);
    expect(failure).toMatchObject({
      message: 'Failed to fetch league users.',
      reason: 'timeout',
      status: 504,
    });
  });

  it('rejects a malformed roster body with a clear reason', async () => {
    sleeper.failNext({ kind: 'wrong-shape' }, 1, '/rosters');
    const failure = await client.getLeagueRosters(IN_SEASON_LEAGUE_ID).catch((e) => e);
    expect(failure).toMatchObject({ message: 'Failed to fetch league rosters.', reason: 'invalid-body' });
    expect(failure.detail).toMatch(/unexpected body/);
  });

  it('reads rosters with null player lists and keeps big ids as strings', async () => {
    const rosters = await client.getLeagueRosters(OFFSEASON_LEAGUE_ID);
    expect(rosters).toHaveLength(14);
    const league = await client.getLeague(OFFSEASON_LEAGUE_ID);
    expect(league.league_id).toBe(OFFSEASON_LEAGUE_ID);
    expect(league.previous_league_id).toBe('1199093823876120576');
  });

  it('answers an unknown league with a 404', async () => {
    await expect(client.getLeague('123')).rejects.toMatchObject({
      code: 'SLEEPER_LEAGUE_NOT_FOUND',
      status: 404,
    });
  });

  it('reads scored matchups, and [] for an offseason week', async () => {
    const week1 = await client.getMatchups(IN_SEASON_LEAGUE_ID, 1);
    expect(week1).toHaveLength(10);
    expect(week1[0]!.players_points).toBeTypeOf('object');
    await expect(client.getMatchups(OFFSEASON_LEAGUE_ID, 7)).resolves.toEqual([]);
    const week17 = await client.getMatchups(IN_SEASON_LEAGUE_ID, 17);
    expect(week17.filter((m) => m.matchup_id === null)).toHaveLength(6);
  });

  it('reads the NFL state and the player directory (team defenses included)', async () => {
    await expect(client.getNflState()).resolves.toMatchObject({
      season: '2025',
      week: 1,
      season_type: 'regular',
    });
    const players = await client.getPlayers();
    expect(players['DET']).toMatchObject({ position: 'DEF', team: 'DET' });
    expect(Object.keys(players).length).toBeGreaterThan(450);
  });

  it('serves repeated reads from its cache', async () => {
    await client.getLeagueRosters(IN_SEASON_LEAGUE_ID);
    await client.getLeagueRosters(IN_SEASON_LEAGUE_ID);
    await client.getPlayers();
    await client.getPlayers();
    expect(sleeper.requests.map((r) => r.url)).toEqual([
      `/v1/league/${IN_SEASON_LEAGUE_ID}/rosters`,
      '/v1/players/nfl',
    ]);
  });
});

/** A one-route Sleeper stand-in answering `user` for every username. */
function startFakeSleeperWithUser(user: Record<string, unknown>) {
  return startFakeServer(() => ({ status: 200, body: user }));
}
