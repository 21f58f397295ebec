import { espnLeagues } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ESPN_COOKIES,
  FAKE_ESPN_LEAGUE_ID,
  FAKE_ESPN_MY_TEAM_ID,
  FAKE_ESPN_PRIVATE_LEAGUE_ID,
} from '../../test/fakes/espn-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

const CONNECT = '/api/leagues/espn/connect';
const LEAGUE_URL_2023 = `https://fantasy.espn.com/football/league?leagueId=${FAKE_ESPN_LEAGUE_ID}&seasonId=2023`;
const details = (leagueId: string, query = '') => `/api/leagues/leagues/espn/${leagueId}/details${query}`;
/** Saquon Barkley: ESPN 3929630, Sleeper 4866 (the fake Sleeper directory carries his espn_id). */
const SAQUON = { espnId: '3929630', sleeperId: '4866' };

describe.each(EMBEDDED_DATABASE)('ESPN leagues through the real server on %s', (kind) => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
    await seedPlayer(env.server, {
      fullName: 'Saquon Barkley',
      position: 'RB',
      team: 'NYG',
      sleeperId: SAQUON.sleeperId,
      projection: {
        season: 2023,
        week: 1,
        predMean: 18,
        predStd: 6,
        p10: 10,
        p50: 17.5,
        p90: 27,
        stats: { rush_yd: 70, rush_td: 0.6, rec: 3.5, rec_yd: 25 },
      },
    });
  });
  afterAll(() => env?.stop());

  const espnRows = () => env.server.deps.database.db.select().from(espnLeagues);

  it('links a public league by its address, lists it, and opens it with rosters, matchups and projections', async () => {
    const client = await env.newUser();
    const linked = await client.post(CONNECT, { leagueId: LEAGUE_URL_2023 });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      espn: {
        connected: true,
        leagues: [{ league_id: FAKE_ESPN_LEAGUE_ID, name: 'Anonymised ESPN League' }],
      },
      hasLinkedLeagues: true,
    });
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(true);

    const leagues = await client.get('/api/leagues/leagues?season=2023');
    expect(leagues.body.data.espn).toEqual([
      expect.objectContaining({
        league_id: FAKE_ESPN_LEAGUE_ID,
        name: 'Anonymised ESPN League',
        total_rosters: 10,
        season: '2023',
        platform: 'espn',
      }),
    ]);

    const page = await client.get(details(FAKE_ESPN_LEAGUE_ID));
    expect(page.status).toBe(200);
    const body = page.body;
    expect(body).toMatchObject({
      platform: 'espn',
      week: 1,
      is_stale: false,
      my_roster_id: null,
      scoring_from: 'league',
    });
    expect(body.league).toMatchObject({ league_id: FAKE_ESPN_LEAGUE_ID, season: '2023', total_rosters: 10 });
    expect(body.league.roster_positions.slice(0, 9)).toEqual([
      'QB',
      'RB',
      'RB',
      'WR',
      'WR',
      'TE',
      'FLEX',
      'DEF',
      'K',
    ]);
    expect(body.league.scoring_settings).toMatchObject({ rec: 1, pass_td: 4, int: 2, pts_allow_0: 5 });
    expect(body.rosters).toHaveLength(10);
    expect(body.matchups).toHaveLength(10);
    const saquon = body.rosters
      .flatMap((roster: any) => roster.players.starters)
      .find((player: any) => player.player_id === SAQUON.espnId);
    expect(saquon).toMatchObject({
      name: 'Saquon Barkley',
      position: 'RB',
      team: 'NYG',
      sleeper_id: SAQUON.sleeperId,
    });
    // PPR line re-scored in the league's (PPR) rules.
    expect(body.projections[SAQUON.espnId]).toMatchObject({ mean: 18, p50: 17.5, is_league_scored: true });
    expect(body.app_player_ids[SAQUON.espnId]).toEqual(expect.any(Number));
  });

  it('refuses an unknown league (404), a private one without cookies (403 with the how-to), other sports and old seasons, storing nothing', async () => {
    const client = await env.newUser();
    const unknown = await client.post(CONNECT, { leagueId: '999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'ESPN_LEAGUE_NOT_FOUND',
      message: 'No ESPN league with id 999',
    });

    const closed = await client.post(CONNECT, { leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID });
    expect(closed.status).toBe(403);
    expect(closed.body).toMatchObject({
      code: 'ESPN_LEAGUE_PRIVATE',
      message: expect.stringContaining('espn_s2'),
    });

    const basketball = await client.post(CONNECT, {
      leagueId: 'https://fantasy.espn.com/basketball/league?leagueId=123',
    });
    expect(basketball.body).toMatchObject({ code: 'ESPN_NOT_FOOTBALL' });
    expect(basketball.status).toBe(400);
    const old = await client.post(CONNECT, { leagueId: `${LEAGUE_URL_2023.replace('2023', '2017')}` });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({
      code: 'ESPN_SEASON_UNSUPPORTED',
      message: expect.stringContaining('2018'),
    });
    const half = await client.post(CONNECT, {
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      swid: FAKE_ESPN_COOKIES.swid,
    });
    expect(half.body).toMatchObject({ code: 'VALIDATION_ERROR' });

    env.espn.failNext({ kind: 'wrong-shape' });
    const malformed = await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    expect(malformed.status).toBe(502);
    expect(malformed.body).toMatchObject({ code: 'UPSTREAM_INVALID' });

    const connections = await client.get('/api/leagues/connections');
    expect(connections.body.espn).toEqual({ connected: false, leagues: [] });
    expect(await client.get(details(FAKE_ESPN_LEAGUE_ID))).toMatchObject({ status: 404 });
  });

  it('links a private league with its cookies: stored encrypted, sent to ESPN, never answered; my team is the SWID’s', async () => {
    const client = await env.newUser();
    env.espn.reset();
    const linked = await client.post(CONNECT, {
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      espnS2: FAKE_ESPN_COOKIES.espnS2,
      swid: FAKE_ESPN_COOKIES.swid.toLowerCase(),
    });
    expect(linked.status).toBe(200);
    expect(linked.text).not.toContain(FAKE_ESPN_COOKIES.espnS2);
    const stored = JSON.stringify(await espnRows());
    expect(stored).not.toContain(FAKE_ESPN_COOKIES.espnS2);
    expect(stored).not.toContain(FAKE_ESPN_COOKIES.swid);

    const page = await client.get(details(FAKE_ESPN_PRIVATE_LEAGUE_ID, '?season=2023'));
    expect(page.status).toBe(200);
    expect(page.body.my_roster_id).toBe(FAKE_ESPN_MY_TEAM_ID);
    expect(page.text).not.toContain(FAKE_ESPN_COOKIES.espnS2);
    // no member's SWID (a login cookie's identity) is answered: each owner has a stable opaque id instead
    expect(page.text.toUpperCase()).not.toMatch(/\{[0-9A-F]{8}-[0-9A-F]{4}-/);
    const owners = (body: any) =>
      body.rosters.map((roster: { roster_id: number; owner_id: string | null }) => [
        roster.roster_id,
        roster.owner_id,
      ]);
    const ownerIds = owners(page.body).map(([, id]: [number, string]) => id);
    expect(ownerIds.every((id: string) => /^espn-member-[\w-]{22}$/.test(id))).toBe(true);
    expect(new Set(ownerIds).size).toBeGreaterThan(1);
    env.server.deps.leagues.espnLeagueCache.clear();
    const again = await client.get(details(FAKE_ESPN_PRIVATE_LEAGUE_ID, '?season=2023&week=2'));
    expect(owners(again.body)).toEqual(owners(page.body));
    const cookies = env.espn.requests.map((request) => request.headers.cookie);
    expect(
      cookies.every(
        (cookie) => cookie === `espn_s2=${FAKE_ESPN_COOKIES.espnS2}; SWID=${FAKE_ESPN_COOKIES.swid}`,
      ),
    ).toBe(true);
  });

  it('while ESPN is down answers the last held copy, or 503 ESPN_UNAVAILABLE when none is held', async () => {
    const client = await env.newUser();
    await client.post(CONNECT, { leagueId: LEAGUE_URL_2023 });
    const fresh = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=1'));
    expect(fresh.body.is_stale).toBe(false);

    // ESPN goes down after the reused answer has expired
    env.server.deps.leagues.espnLeagueCache.clear();
    env.espn.failNext(503, 6);
    const held = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=1'));
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ is_stale: true, data_as_of: fresh.body.data_as_of });
    env.espn.reset();

    env.espn.failNext({ kind: 'status', status: 429, retryAfterSeconds: 0 }, 6);
    const none = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=2'));
    env.espn.reset();
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({ code: 'ESPN_UNAVAILABLE' });
  });

  it('unlinks a league with DELETE {leagueId}', async () => {
    const client: TestClient = await env.newUser();
    await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    const removed = await client.delete('/api/leagues/espn/disconnect', { leagueId: FAKE_ESPN_LEAGUE_ID });
    expect(removed.status).toBe(200);
    expect(removed.body.espn).toEqual({ connected: false, leagues: [] });
    expect((await client.get(details(FAKE_ESPN_LEAGUE_ID))).status).toBe(404);
  });

  it('documents the ESPN calls in the OpenAPI document', async () => {
    const doc = (await env.server.client().get('/api/openapi.json')).body;
    expect(doc.paths['/leagues/espn/connect']?.post).toBeDefined();
    expect(doc.paths['/leagues/espn/disconnect']?.delete).toBeDefined();
  });
});
