import { players, projections } from '@fm/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_ESPN_COOKIES,
  FAKE_ESPN_LEAGUE_ID,
  FAKE_ESPN_PRIVATE_LEAGUE_ID,
  startFakeEspn,
  type FakeEspn,
} from '../../test/fakes/espn-server.js';
import { readFixture } from '../../test/fakes/fixtures.js';
import { startHostileEspn, type HostileEspn } from '../../test/fakes/hostile-espn.js';
import type { TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

const CONNECT = '/api/leagues/espn/connect';
const details = (leagueId: string, query = '') => `/api/leagues/leagues/espn/${leagueId}/details${query}`;
const LEAGUE_PATH = /\/leagues\/\d+$/;
const league = () => readFixture('espn/league_2023_week1_modular.json');
const linkedLeagues = async (client: TestClient) =>
  (await client.get('/api/leagues/connections')).body.espn.leagues as unknown[];

describe('ESPN leagues from a hostile ESPN-compatible service, through the real server', () => {
  let espn: FakeEspn;
  let hostile: HostileEspn;
  let env: LeagueTestEnv;

  beforeAll(async () => {
    espn = await startFakeEspn();
    hostile = await startHostileEspn(espn.url);
    env = await startLeagueTestEnv('pglite', { env: { ESPN_API_URL: hostile.url } });
    await seedPlayer(env.server, {
      fullName: 'Saquon Barkley',
      position: 'RB',
      team: 'NYG',
      sleeperId: '4866',
    });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await hostile?.close();
    await espn?.close();
  });
  beforeEach(() => hostile.set({ kind: 'none' }));

  const db = () => env.server.deps.database.db;
  const espnProjectionsOfWeek = async (week: number) => {
    const [row] = await db()
      .select({ n: count() })
      .from(projections)
      .where(and(eq(projections.source, 'espn'), eq(projections.week, week)));
    return Number(row!.n);
  };

  it('cuts an oversized league answer off while it streams: 502 UPSTREAM_INVALID, nothing linked or stored', async () => {
    const client = await env.newUser();
    hostile.set({ kind: 'huge', path: LEAGUE_PATH, bytes: 64 * 1024 * 1024 });
    const linked = await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    expect(linked.status).toBe(502);
    expect(linked.body).toMatchObject({ code: 'UPSTREAM_INVALID', message: expect.any(String) });
    expect(hostile.bytesSent).toBeLessThan(32 * 1024 * 1024);
    expect(await linkedLeagues(client)).toEqual([]);

    hostile.set({ kind: 'none' });
    expect((await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID })).status).toBe(200);
    hostile.set({ kind: 'huge', path: LEAGUE_PATH, bytes: 64 * 1024 * 1024 });
    const page = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=5'));
    expect(page.status).toBe(502);
    expect(page.body).toMatchObject({ code: 'UPSTREAM_INVALID' });
    expect(await espnProjectionsOfWeek(5)).toBe(0);
  });

  it('refuses malformed league answers with 502 UPSTREAM_INVALID and links nothing', async () => {
    const teams = league().teams;
    for (const body of [
      { id: 'not a number', seasonId: 2023 },
      { ...league(), teams: { 0: teams[0] } },
      { ...league(), teams: Array.from({ length: 33 }, (_, i) => ({ ...teams[0], id: i + 1 })) },
      {
        ...league(),
        settings: { ...league().settings, scoringSettings: { scoringItems: [{ statId: 53 }] } },
      },
      // an answer for another league than the one asked for
      { ...league(), id: 27 },
      '<html>Fantasy is down for maintenance</html>',
    ]) {
      // one person per answer: each stays within the few links a person may try in a minute
      const client = await env.newUser();
      hostile.set({ kind: 'body', path: LEAGUE_PATH, body });
      const linked = await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
      expect(linked.status, JSON.stringify(body).slice(0, 60)).toBe(502);
      expect(linked.body).toMatchObject({ code: 'UPSTREAM_INVALID' });
      expect(await linkedLeagues(client)).toEqual([]);
    }
  });

  it('does not follow a redirect to another origin, so the cookies never leave for it', async () => {
    const client = await env.newUser();
    hostile.set({ kind: 'redirect-elsewhere', path: LEAGUE_PATH });
    const linked = await client.post(CONNECT, {
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      espnS2: FAKE_ESPN_COOKIES.espnS2,
      swid: FAKE_ESPN_COOKIES.swid,
    });
    expect(linked.status).toBe(502);
    expect(linked.body).toMatchObject({ code: 'UPSTREAM_INVALID' });
    expect(linked.text).not.toContain(FAKE_ESPN_COOKIES.espnS2);
    expect(hostile.elsewhereRequests).toEqual([]);
    expect(await linkedLeagues(client)).toEqual([]);
  });

  it('while ESPN is down answers the last held copy of a page, else 503 ESPN_UNAVAILABLE', async () => {
    const client = await env.newUser();
    await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    const fresh = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=1'));
    expect(fresh.body.is_stale).toBe(false);

    // ESPN goes down after the reused answer has expired
    env.server.deps.leagues.espnLeagueCache.clear();
    hostile.set({ kind: 'down', path: LEAGUE_PATH });
    const held = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=1'));
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ is_stale: true, data_as_of: fresh.body.data_as_of });
    expect(held.body.rosters).toEqual(fresh.body.rosters);
    const never = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=3'));
    expect(never.status).toBe(503);
    expect(never.body).toMatchObject({ code: 'ESPN_UNAVAILABLE', message: expect.stringContaining('ESPN') });
    const other = await (await env.newUser()).post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    expect(other.status).toBe(503);
    expect(other.body).toMatchObject({ code: 'ESPN_UNAVAILABLE' });
  });

  it('stores ESPN’s projections of a page’s rostered players for its week, and none from a refused answer', async () => {
    const client = await env.newUser();
    await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    expect((await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=7'))).status).toBe(200);
    // the rostered players we know: Saquon (by the directory's espn_id) and the team defenses
    const stored = await db()
      .select({ name: players.fullName, position: players.position, points: projections.predMean })
      .from(projections)
      .innerJoin(players, eq(players.id, projections.playerId))
      .where(and(eq(projections.source, 'espn'), eq(projections.week, 7)));
    expect(stored).toContainEqual({ name: 'Saquon Barkley', position: 'RB', points: expect.any(Number) });
    expect(stored.filter((row) => row.position !== 'DEF')).toHaveLength(1);
    hostile.set({ kind: 'body', path: LEAGUE_PATH, body: { ...league(), id: 27 } });
    expect((await client.get(details(FAKE_ESPN_LEAGUE_ID, '?week=8'))).status).toBe(502);
    expect(await espnProjectionsOfWeek(8)).toBe(0);
  });
});

describe('ESPN bad input through the real server', () => {
  let espn: FakeEspn;
  let hostile: HostileEspn;
  let env: LeagueTestEnv;

  beforeAll(async () => {
    espn = await startFakeEspn();
    hostile = await startHostileEspn(espn.url);
    env = await startLeagueTestEnv('pglite', { env: { ESPN_API_URL: hostile.url } });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await hostile?.close();
    await espn?.close();
  });

  it('names an unknown league: 404 ESPN_LEAGUE_NOT_FOUND "No ESPN league with id N"', async () => {
    const client = await env.newUser();
    const unknown = await client.post(CONNECT, { leagueId: '4242' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'ESPN_LEAGUE_NOT_FOUND', message: 'No ESPN league with id 4242' });
  });

  it('says a private league needs its cookies, or that the ones given were refused: 403 with the how-to', async () => {
    const client = await env.newUser();
    const closed = await client.post(CONNECT, { leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID });
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({
      code: 'ESPN_LEAGUE_PRIVATE',
      message: expect.stringContaining('private'),
      howTo: '/link-leagues#espn-cookies',
    });
    const expired = await client.post(CONNECT, {
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      espnS2: 'AEBexpiredCookieValue00000000000',
      swid: FAKE_ESPN_COOKIES.swid,
    });
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({
      code: 'ESPN_LEAGUE_PRIVATE',
      message: expect.stringContaining('expired'),
      howTo: '/link-leagues#espn-cookies',
    });
    expect(expired.text).not.toContain('AEBexpiredCookieValue');
  });

  it('says so clearly when ESPN answers with a league of another sport, or for a season before 2018', async () => {
    const client = await env.newUser();
    hostile.set({ kind: 'body', path: LEAGUE_PATH, body: { ...league(), gameId: 2 } });
    const basketball = await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    hostile.set({ kind: 'none' });
    expect(basketball.status).toBe(400);
    expect(basketball.body).toEqual({
      code: 'ESPN_NOT_FOOTBALL',
      message: 'That ESPN league is not a fantasy football league; only football leagues can be linked.',
    });
    const old = await client.post(CONNECT, {
      leagueId: `https://fantasy.espn.com/football/league?leagueId=${FAKE_ESPN_LEAGUE_ID}&seasonId=2016`,
    });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      code: 'ESPN_SEASON_UNSUPPORTED',
      message: 'ESPN leagues before 2018 cannot be read (asked for 2016).',
    });
    await client.post(CONNECT, { leagueId: FAKE_ESPN_LEAGUE_ID });
    const oldPage = await client.get(details(FAKE_ESPN_LEAGUE_ID, '?season=2017'));
    expect(oldPage.status).toBe(400);
    expect(oldPage.body).toMatchObject({ code: 'ESPN_SEASON_UNSUPPORTED' });
    expect(await linkedLeagues(client)).toHaveLength(1);
  });
});
