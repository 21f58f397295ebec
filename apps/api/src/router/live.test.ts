import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../test/accounts.js';
import {
  EMBEDDED_DATABASE,
  startTestServer,
  TestClient,
  TEST_POSTGRES_URL,
  type TestServer,
} from '../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../test/redis-server.js';
import { isDataChange, openTrpcSubscription, type SseConnection } from '../../test/sse-client.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';

const ADMIN = { email: 'live-admin@example.com', password: STRONG_PASSWORD };
const HEADER = 'player_name,position,team,week,pred_mean,pred_std,season';
let imports = 0;

/** An admin imports one projection row: the data version changes, as with any import or sync. */
async function importOneRow(baseUrl: string): Promise<void> {
  const admin = new TestClient(baseUrl);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  const form = new FormData();
  const row = `Live Player ${++imports},QB,KC,3,${20 + imports},5,2025`;
  form.set('csvFile', new Blob([`${HEADER}\n${row}`], { type: 'text/csv' }), 'projections.csv');
  const imported = await admin.request('POST', '/api/admin/data-management/import-projections', undefined, {
    body: form,
    headers: { 'x-csrf-token': admin.csrfToken! },
  });
  expect(imported.status).toBe(200);
}

async function dataVersion(baseUrl: string): Promise<{ version: string; changedAt: string | null }> {
  const response = await new TestClient(baseUrl).get('/api/live/data-version');
  expect(response.status).toBe(200);
  return response.body;
}

const dataOf = (event: { data: string }) =>
  JSON.parse(event.data) as { version: string; changedAt: string | null };

describe.each(EMBEDDED_DATABASE)('live data changes over server-sent events on %s', (kind) => {
  let server: TestServer;
  const open: SseConnection[] = [];
  const subscribe = async (input?: unknown, headers?: Record<string, string>) => {
    const connection = await openTrpcSubscription(server.url, 'live.dataChanges', input, headers);
    open.push(connection);
    return connection;
  };
  beforeAll(async () => {
    server = await startTestServer(kind, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // every stream of this file comes from one address and stays open until the end
      LIVE_STREAMS_PER_ADDRESS: '100',
    });
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await server?.stop();
  });

  it('tells an open page the version it serves at once, then each change, uncompressed and without sign-in', async () => {
    const before = await dataVersion(server.url);
    const stream = await subscribe(undefined, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined(); // compressed events would wait in a buffer
    const first = await stream.next(isDataChange);
    expect(first.id).toBe(before.version);
    expect(dataOf(first)).toEqual(before);

    await importOneRow(server.url);
    const after = await dataVersion(server.url);
    expect(after.version).not.toBe(before.version);
    const second = await stream.next((event) => isDataChange(event) && event.id !== before.version);
    expect(second.id).toBe(after.version);
    expect(Date.parse(dataOf(second).changedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("opens with tRPC's connected event, which tells the page's client when to reconnect, and passes proxies unbuffered", async () => {
    const stream = await subscribe();
    const first = await stream.next(() => true);
    expect(first.event).toBe('connected');
    expect(JSON.parse(first.data)).toEqual({ reconnectAfterInactivityMs: 40_000 });
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-request-id']).toBeTruthy();
    expect(stream.headers['content-security-policy']).toBeTruthy();
  });

  it('resumes from the Last-Event-ID header an EventSource sends when it reconnects', async () => {
    const seen = await dataVersion(server.url);
    const resumed = await subscribe(undefined, { 'last-event-id': seen.version });
    await resumed.next((event) => event.event === 'connected');
    await importOneRow(server.url);
    const changed = await dataVersion(server.url);
    expect((await resumed.next(isDataChange)).id).toBe(changed.version);
    expect(resumed.events.filter(isDataChange).map((event) => event.id)).toEqual([changed.version]);
  });

  it('resumes from the last event id: nothing repeated, and a change missed while away sent at once', async () => {
    const seen = await dataVersion(server.url);
    const resumed = await subscribe({ lastEventId: seen.version });
    await importOneRow(server.url);
    const changed = await dataVersion(server.url);
    // the first event is the change, not the version the client already had
    const first = await resumed.next(isDataChange);
    expect(first.id).toBe(changed.version);

    const stale = await subscribe({ lastEventId: seen.version });
    expect((await stale.next(isDataChange)).id).toBe(changed.version);
  });

  it('sends the same change to every open connection', async () => {
    const before = await dataVersion(server.url);
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => subscribe({ lastEventId: before.version })),
    );
    await importOneRow(server.url);
    const after = await dataVersion(server.url);
    const firsts = await Promise.all(streams.map((stream) => stream.next(isDataChange)));
    expect(firsts.map((event) => event.id)).toEqual(streams.map(() => after.version));
  });

  it('ends every open stream with the return event when the server stops', async () => {
    const own = await startTestServer(kind);
    let isStopped = false;
    try {
      const streams = await Promise.all(
        Array.from({ length: 3 }, () => openTrpcSubscription(own.url, 'live.dataChanges')),
      );
      await Promise.all(streams.map((stream) => stream.next(isDataChange)));
      isStopped = true;
      await own.stop();
      for (const stream of streams) {
        expect((await stream.next((event) => event.event === 'return')).event).toBe('return');
        await expect.poll(() => stream.isClosed).toBe(true);
      }
    } finally {
      if (!isStopped) await own.stop();
    }
  }, 60_000); // a server of its own: PGlite migrates a fresh database first

  it('answers a malformed resumption id with one clear error event and ends the stream', async () => {
    const stream = await subscribe({ lastEventId: 'x'.repeat(500) });
    const error = await stream.next((event) => event.event === 'serialized-error');
    expect(JSON.parse(error.data)).toMatchObject({
      message: expect.stringMatching(/lastEventId/),
      data: { appCode: 'VALIDATION_ERROR', httpStatus: 400 },
    });
    expect(stream.events.some(isDataChange)).toBe(false);
  });
});

/** Two API "processes" on one PostgreSQL database: the change is made on A, the page is open on B. */
describe.runIf(TEST_POSTGRES_URL).each([
  ['PostgreSQL LISTEN/NOTIFY', false],
  ['Redis pub/sub', true],
])('live data changes from another process through %s', (_label, withRedis) => {
  let database: TestDatabase;
  let redis: OwnRedis | undefined;
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(TEST_POSTGRES_URL);
    redis = withRedis ? await startOwnRedis() : undefined;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-live-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATA_SYNC_MINUTES: '0',
        DATABASE_URL: database.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(redis ? { REDIS_URL: redis.url } : {}),
      });
      servers.push(await startServer(config, { webDistDir: path.join(dataDir, 'no-web') }));
    }
  });
  afterAll(async () => {
    // closing with a stream open must not hang: the server ends its live streams first
    for (const server of servers) await server.close();
    await redis?.stop();
    await database?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('pushes a change made on process A to a page open on process B', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const before = await dataVersion(b.url);
    const stream = await openTrpcSubscription(b.url, 'live.dataChanges', { lastEventId: before.version });
    await importOneRow(a.url);
    const pushed = await stream.next(isDataChange);
    expect(pushed.id).toBe((await dataVersion(a.url)).version);
    expect(pushed.id).not.toBe(before.version);
  });
});
