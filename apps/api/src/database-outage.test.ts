import { simulations } from '@fm/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerBehindProxy, type ProxiedServer } from '../test/behind-proxy.js';
import { TEST_POSTGRES_URL, type TestClient, type TestResponse } from '../test/harness.js';
import { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from '../test/matchup-fixtures.js';

/** A request that needs the database must answer within this while it is unreachable. */
const OUTAGE_ANSWER_MS = 2_500;

const MATCHUP = {
  user_team: { starters: USER_STARTERS.map((p) => p.sleeperId) },
  opponent_team: { starters: OPPONENT_STARTERS.map((p) => p.sleeperId) },
  iterations: 1_000,
};

async function timed<T>(request: Promise<TestResponse<T>>) {
  const started = performance.now();
  const response = await request;
  return { response, ms: performance.now() - started };
}

function expectDatabaseUnavailable(answer: { response: TestResponse; ms: number }): void {
  expect(answer.response.status).toBe(503);
  expect(answer.response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(answer.ms).toBeLessThan(OUTAGE_ANSWER_MS);
}

describe.runIf(TEST_POSTGRES_URL)('the server while PostgreSQL is unreachable', () => {
  let server: ProxiedServer;
  let member: TestClient;
  const acknowledged: string[] = [];

  const simulate = () => member.post('/api/matchup/simulate', MATCHUP);

  beforeAll(async () => {
    server = await startServerBehindProxy();
    await insertMatchupSlate(server.deps);
    member = await server.signedIn();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every request that needs it with a coded 503 at once, serves cached pages, and recovers by itself', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await simulate();
      expect(answer.status).toBe(200);
      acknowledged.push(answer.body.simulation_id);
    }
    const cachedPage = await member.get('/api/projections/public/all?limit=5');
    expect(cachedPage.status).toBe(200);

    await server.proxy.cut();

    // a documented REST path (through the tRPC adapter)
    const simulated = await timed(simulate());
    expectDatabaseUnavailable(simulated);
    expect(simulated.response.body).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: expect.stringMatching(/database/i),
    });
    // /trpc itself
    const viaTrpc = await timed(member.get('/trpc/auth.me'));
    expectDatabaseUnavailable(viaTrpc);
    expect(viaTrpc.response.body.error.data.appCode).toBe('DATABASE_UNAVAILABLE');
    // a hand-written Fastify route
    const handWritten = await timed(
      member.get('/api/admin/data-management/export-projections?format=json&season=2025'),
    );
    expectDatabaseUnavailable(handWritten);
    expect(handWritten.response.body.code).toBe('DATABASE_UNAVAILABLE');
    const health = await timed(member.get('/api/health'));
    expectDatabaseUnavailable(health);
    expect(health.response.body.code).toBe('DATABASE_UNAVAILABLE');

    // what was cached before the outage is still served
    const fromCache = await member.get('/api/projections/public/all?limit=5');
    expect(fromCache.status).toBe(200);
    expect(fromCache.body).toEqual(cachedPage.body);

    await server.proxy.restore();
    const restoredAt = performance.now();
    await expect
      .poll(async () => (await member.get('/api/health')).status, { timeout: 10_000, interval: 100 })
      .toBe(200);
    expect(performance.now() - restoredAt).toBeLessThan(5_000);
    const after = await simulate();
    expect(after.status).toBe(200);
    acknowledged.push(after.body.simulation_id);
  });

  it('answers within about 2 s when the network silently drops everything', async () => {
    server.proxy.blackhole();
    try {
      expectDatabaseUnavailable(await timed(simulate()));
      expectDatabaseUnavailable(await timed(member.get('/api/auth/me')));
    } finally {
      await server.proxy.restore();
    }
    await expect
      .poll(async () => (await member.get('/api/health')).status, { timeout: 10_000, interval: 100 })
      .toBe(200);
  });

  it('loses no simulation whose id it handed out, whatever happened meanwhile', async () => {
    // light load across an outage: every 200 carries an id that must exist afterwards
    let isRunning = true;
    let unavailable = 0;
    const clients = await Promise.all([0, 1, 2].map(() => server.signedIn()));
    const running = clients.map(async (client) => {
      while (isRunning) {
        const answer = await client.post('/api/matchup/simulate', MATCHUP);
        if (answer.status === 200) acknowledged.push(answer.body.simulation_id);
        else {
          expect(answer.body.code).toBe('DATABASE_UNAVAILABLE');
          unavailable++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    });
    // each phase waits for what it needs to have seen, not for a time: CI machines vary in speed
    const beforeCut = acknowledged.length;
    await expect
      .poll(() => acknowledged.length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(beforeCut + 2);
    await server.proxy.cut();
    await expect.poll(() => unavailable, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    await server.proxy.restore();
    await expect
      .poll(async () => (await member.get('/api/health')).status, { timeout: 10_000, interval: 100 })
      .toBe(200);
    const afterRestore = acknowledged.length;
    await expect
      .poll(() => acknowledged.length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(afterRestore);
    isRunning = false;
    await Promise.all(running);

    const stored = await server.target.db
      .select({ id: simulations.id })
      .from(simulations)
      .where(inArray(simulations.id, acknowledged));
    expect(acknowledged.length).toBeGreaterThan(4);
    expect(stored.map((row) => row.id).sort()).toEqual([...new Set(acknowledged)].sort());
  });
});

describe.runIf(TEST_POSTGRES_URL)('stopping the server while PostgreSQL is unreachable', () => {
  /** Within main.ts's 10 s shutdown grace, after which the process would be killed mid-close. */
  const STOP_WITHIN_MS = 10_000;
  let server: ProxiedServer;

  beforeAll(async () => {
    server = await startServerBehindProxy();
    await insertMatchupSlate(server.deps);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finishes in bounded time even with a request and the sync waiting on the silent database', async () => {
    const member = await server.signedIn();
    expect((await simulateWith(member)).status).toBe(200);
    server.proxy.blackhole();
    const inFlight = simulateWith(member).catch(() => null);
    void server.deps.dataSync.runNow().catch(() => null);

    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(STOP_WITHIN_MS);
    await inFlight;
  });
});

function simulateWith(client: TestClient) {
  return client.post('/api/matchup/simulate', MATCHUP);
}
