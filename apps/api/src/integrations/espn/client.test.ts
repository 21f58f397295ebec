import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_ESPN_COOKIES,
  FAKE_ESPN_LEAGUE_ID,
  FAKE_ESPN_PRIVATE_LEAGUE_ID,
  FAKE_ESPN_SEASON,
  type FakeEspn,
  startFakeEspn,
} from '../../../test/fakes/espn-server.js';
import { TtlCache } from '../cache.js';
import { UpstreamRequestError } from '../http.js';
import { createUpstreamBudget } from '../upstream-budget.js';
import {
  EspnClient,
  LEAGUE_ANSWER_SERVABLE_MS,
  LEAGUE_ANSWER_TTL_MS,
  normalizeEspnCredentials,
} from './client.js';

describe('EspnClient against the fake ESPN league API', () => {
  let espn: FakeEspn;
  let client: EspnClient;

  beforeAll(async () => {
    espn = await startFakeEspn();
  });
  afterAll(() => espn.close());
  beforeEach(() => {
    espn.reset();
    client = new EspnClient({ baseUrl: espn.url, sleep: async () => {}, timeoutMs: 1_000 });
  });

  const leagueOf = (leagueId: string, extra: object = {}) =>
    client.getLeague({ leagueId, season: FAKE_ESPN_SEASON, ...extra });

  it('reads a public league in one call with the views it needs and no cookie', async () => {
    const league = await leagueOf(FAKE_ESPN_LEAGUE_ID);
    expect(league.id).toBe(31415926);
    expect(league.settings.name).toBe('Anonymised ESPN League');
    expect(league.teams).toHaveLength(10);
    expect(league.schedule).toHaveLength(5);
    expect(espn.requests).toHaveLength(1);
    const request = espn.requests[0]!;
    expect(request.url).toContain('/apis/v3/games/ffl/seasons/2023/segments/0/leagues/31415926?');
    const views = new URL(request.url, 'http://x').searchParams.getAll('view');
    expect(views).toEqual(expect.arrayContaining(['mSettings', 'mTeam', 'mRoster', 'mMatchupScore']));
    expect(request.headers.cookie).toBeUndefined();
  });

  it('reuses a whole-league answer for a few seconds, per week and per person’s cookies, and asks again after', async () => {
    let now = 1_000;
    const leagueCache = new TtlCache({ now: () => now });
    const cached = new EspnClient({
      baseUrl: espn.url,
      sleep: async () => {},
      timeoutMs: 1_000,
      leagueCache,
    });
    const read = (extra: object = {}) =>
      cached.getLeague({ leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID, season: FAKE_ESPN_SEASON, ...extra });
    // the leagues list and the league card right after it: one call
    const [first, second] = [
      await read({ credentials: FAKE_ESPN_COOKIES }),
      await read({ credentials: FAKE_ESPN_COOKIES }),
    ];
    expect(second).toEqual(first);
    expect(espn.requests).toHaveLength(1);
    // someone without the cookies is not answered from the cookie holder's copy
    await expect(read()).rejects.toMatchObject({ code: 'ESPN_LEAGUE_PRIVATE' });
    await read({ credentials: FAKE_ESPN_COOKIES, scoringPeriod: 2 });
    expect(espn.requests).toHaveLength(3);
    // older than that: the held answer at once, saying its age, while a fresh one is read behind it
    now += LEAGUE_ANSWER_TTL_MS + 1;
    const before = Date.now();
    const held = await cached.getLeagueAnswer({
      leagueId: FAKE_ESPN_PRIVATE_LEAGUE_ID,
      season: FAKE_ESPN_SEASON,
      credentials: FAKE_ESPN_COOKIES,
    });
    const after = Date.now();
    expect(held.league).toEqual(first);
    // the held answer's age (TTL + 1 on the cache's clock), dated from the wall clock somewhere between the two reads
    expect(after - held.fetchedAt.getTime()).toBeGreaterThanOrEqual(LEAGUE_ANSWER_TTL_MS + 1);
    expect(before - held.fetchedAt.getTime()).toBeLessThanOrEqual(LEAGUE_ANSWER_TTL_MS + 1);
    await leagueCache.settled();
    expect(espn.requests).toHaveLength(4);
    await read({ credentials: FAKE_ESPN_COOKIES });
    expect(espn.requests).toHaveLength(4);
    // past the servable age nothing old is shown: the read waits for ESPN
    now += LEAGUE_ANSWER_SERVABLE_MS + 1;
    espn.failNext({ kind: 'status', status: 500 }, 10);
    await expect(read({ credentials: FAKE_ESPN_COOKIES })).rejects.toMatchObject({
      code: expect.any(String),
    });
  });

  it('asks for the requested week', async () => {
    const league = await leagueOf(FAKE_ESPN_LEAGUE_ID, { scoringPeriod: 3 });
    expect(new URL(espn.requests[0]!.url, 'http://x').searchParams.get('scoringPeriodId')).toBe('3');
    expect(league.scoringPeriodId).toBe(3);
  });

  it('opens a private league with the espn_s2 and SWID cookies sent as one Cookie header', async () => {
    const league = await leagueOf(FAKE_ESPN_PRIVATE_LEAGUE_ID, { credentials: FAKE_ESPN_COOKIES });
    expect(league.id).toBe(Number(FAKE_ESPN_PRIVATE_LEAGUE_ID));
    expect(espn.requests[0]!.headers.cookie).toBe(
      `espn_s2=${FAKE_ESPN_COOKIES.espnS2}; SWID=${FAKE_ESPN_COOKIES.swid}`,
    );
  });

  it('says a private league needs cookies (403 ESPN_LEAGUE_PRIVATE), and that refused cookies may have expired', async () => {
    await expect(leagueOf(FAKE_ESPN_PRIVATE_LEAGUE_ID)).rejects.toMatchObject({
      code: 'ESPN_LEAGUE_PRIVATE',
      status: 403,
      message: expect.stringContaining('espn_s2 and SWID'),
    });
    const expired = { espnS2: 'AEBexpiredCookieValue0000000', swid: FAKE_ESPN_COOKIES.swid };
    await expect(leagueOf(FAKE_ESPN_PRIVATE_LEAGUE_ID, { credentials: expired })).rejects.toMatchObject({
      code: 'ESPN_LEAGUE_PRIVATE',
      message: expect.stringContaining('expired'),
    });
  });

  it('keeps the cookies out of every error it raises (what gets logged)', async () => {
    const expired = { espnS2: 'AEBexpiredCookieValue0000000', swid: FAKE_ESPN_COOKIES.swid };
    espn.failNext(503, 3);
    const outage = await leagueOf(FAKE_ESPN_PRIVATE_LEAGUE_ID, { credentials: expired }).catch(
      (e: unknown) => e,
    );
    const refused = await leagueOf(FAKE_ESPN_PRIVATE_LEAGUE_ID, { credentials: expired }).catch(
      (e: unknown) => e,
    );
    for (const error of [outage, refused]) {
      const logged = JSON.stringify({
        ...(error as object),
        message: (error as Error).message,
        stack: (error as Error).stack,
      });
      expect(logged).not.toContain(expired.espnS2);
      expect(logged).not.toContain(FAKE_ESPN_COOKIES.swid);
    }
    expect(outage).toBeInstanceOf(UpstreamRequestError);
  });

  it('answers 404 ESPN_LEAGUE_NOT_FOUND for an unknown league, without asking twice', async () => {
    await expect(leagueOf('999')).rejects.toMatchObject({
      code: 'ESPN_LEAGUE_NOT_FOUND',
      status: 404,
      message: 'No ESPN league with id 999',
    });
    expect(espn.requests).toHaveLength(1);
  });

  it('refuses ids that are not ESPN league ids and seasons before 2018 without calling ESPN', async () => {
    await expect(leagueOf('12;drop')).rejects.toMatchObject({ code: 'ESPN_LEAGUE_NOT_FOUND' });
    await expect(client.getLeague({ leagueId: FAKE_ESPN_LEAGUE_ID, season: 2017 })).rejects.toMatchObject({
      code: 'ESPN_SEASON_UNSUPPORTED',
      status: 400,
      message: expect.stringContaining('2018'),
    });
    expect(espn.requests).toHaveLength(0);
  });

  it('turns a malformed answer into 502 UPSTREAM_INVALID', async () => {
    espn.failNext({ kind: 'wrong-shape' });
    await expect(leagueOf(FAKE_ESPN_LEAGUE_ID)).rejects.toMatchObject({
      code: 'UPSTREAM_INVALID',
      status: 502,
    });
    espn.failNext({ kind: 'invalid-json' });
    await expect(leagueOf(FAKE_ESPN_LEAGUE_ID)).rejects.toMatchObject({ code: 'UPSTREAM_INVALID' });
  });

  it('retries ESPN being down, then reports the outage as an upstream error (the caller falls back)', async () => {
    espn.failNext(503, 2);
    await expect(leagueOf(FAKE_ESPN_LEAGUE_ID)).resolves.toMatchObject({ id: 31415926 });
    espn.reset();
    espn.failNext({ kind: 'status', status: 429, retryAfterSeconds: 0 }, 3);
    const error = await leagueOf(FAKE_ESPN_LEAGUE_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamRequestError);
    expect((error as UpstreamRequestError).upstreamStatus).toBe(429);
    expect(espn.requests).toHaveLength(3);
  });

  it('takes every call from the product’s ESPN budget, and past it refuses without reaching ESPN (503)', async () => {
    const budget = createUpstreamBudget({ service: 'espn', callsPerMinute: 2, maxWaitMs: 0 });
    const budgeted = new EspnClient({ baseUrl: espn.url, budget, maxAttempts: 1 });
    await budgeted.getLeague({ leagueId: FAKE_ESPN_LEAGUE_ID, season: 2023 });
    await budgeted.getProjectionPool(2023, 1);
    const refused = await budgeted
      .getLeague({ leagueId: FAKE_ESPN_LEAGUE_ID, season: 2023 })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: 'budget', status: 503, code: 'UPSTREAM_ERROR' });
    expect(espn.requests).toHaveLength(2);
  });

  it('reads ESPN’s projections of a week from its public player pool, without cookies', async () => {
    const pool = await client.getProjectionPool(2023, 1);
    expect(pool?.length).toBeGreaterThan(100);
    const request = espn.requests[0]!;
    expect(request.url).toContain('/apis/v3/games/ffl/seasons/2023/segments/0/leaguedefaults/3?');
    expect(request.headers.cookie).toBeUndefined();
    const filter = JSON.parse(String(request.headers['x-fantasy-filter']));
    expect(filter.players).toMatchObject({
      filterStatsForCurrentSeasonScoringPeriodId: { value: [1] },
      filterStatsForSourceIds: { value: [1] },
      filterStatsForSplitTypeIds: { value: [1] },
    });
    expect(pool!.every((player) => player.stats.some((stat) => stat.statSourceId === 1))).toBe(true);
  });

  it('answers no pool for a season ESPN has none of, and refuses a malformed pool (502)', async () => {
    await expect(client.getProjectionPool(2017, 1)).resolves.toBeNull();
    espn.failNext(404);
    await expect(client.getProjectionPool(2019, 1)).resolves.toBeNull();
    espn.failNext({ kind: 'wrong-shape' });
    await expect(client.getProjectionPool(2023, 1)).rejects.toMatchObject({
      code: 'UPSTREAM_INVALID',
      status: 502,
    });
  });
});

describe('normalizeEspnCredentials', () => {
  it('puts SWID in braces and upper case, and refuses values that could break the Cookie header', () => {
    expect(
      normalizeEspnCredentials(` ${FAKE_ESPN_COOKIES.espnS2} `, '05bf957c-0360-1f2f-117d-dda306d4c35a'),
    ).toEqual(FAKE_ESPN_COOKIES);
    expect(() => normalizeEspnCredentials('abc; evil=1', FAKE_ESPN_COOKIES.swid)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', details: { field: 'espnS2' } }),
    );
    expect(() => normalizeEspnCredentials(FAKE_ESPN_COOKIES.espnS2, 'not-a-guid\r\n')).toThrow(
      expect.objectContaining({ details: { field: 'swid' } }),
    );
  });
});
