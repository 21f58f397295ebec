import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, leagueConnections, type TestDatabase } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '../../../test/accounts.js';
import { insertAccount } from '../../../test/admin-accounts.js';
import {
  EMBEDDED_DATABASE,
  startTestServer,
  TestClient,
  TEST_POSTGRES_URL,
  type TestServer,
} from '../../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.js';
import { loadConfig } from '../../config.js';
import { startServer, type RunningServer } from '../../server.js';

const asTestServer = (server: RunningServer) => server as unknown as TestServer;

async function signIn(baseUrl: string, email: string, password = STRONG_PASSWORD): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const response = await client.post('/api/auth/login', { email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return client;
}

/** Another device holding the same session cookie (as a second tab or a copied cookie would). */
function sameSessionOn(baseUrl: string, client: TestClient): TestClient {
  const copy = new TestClient(baseUrl);
  copy.cookies.set('fm_session', client.cookies.get('fm_session')!);
  return copy;
}

/** The session cache is on (the default, 5 s) in every server below: revocation must still be immediate. */
describe.each(EMBEDDED_DATABASE)('the session cache on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a logged-out session at once on the same process', async () => {
    const { email } = await insertAccount(server);
    const client = await signIn(server.url, email);
    const copy = sameSessionOn(server.url, client);
    expect((await copy.get('/api/auth/me')).status).toBe(200); // now cached
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const after = await copy.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
  });

  it("refuses a user's other sessions at once after a password change, keeping the one that changed it", async () => {
    const { email } = await insertAccount(server);
    const laptop = await signIn(server.url, email);
    const phone = await signIn(server.url, email);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const after = await phone.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('password-change');
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
  });

  it('shows a changed account at once (an admin suspends it: refused; re-enabled: a new login works)', async () => {
    const admin = await insertAccount(server, { role: 'admin' });
    const adminClient = await signIn(server.url, admin.email);
    const user = await insertAccount(server);
    const client = await signIn(server.url, user.email);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const suspended = await adminClient.patch(`/api/admin/users/${user.id}/status`, { isDisabled: true });
    expect(suspended.status).toBe(200);
    const after = await client.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('account-disabled');
  });

  it('says at once that a league was unlinked (the cached "has linked leagues" goes too)', async () => {
    const { id, email } = await insertAccount(server);
    await server.deps.database.db
      .insert(leagueConnections)
      .values({ userId: id, platform: 'sleeper', externalUserId: '123', username: 'someone' });
    const client = await signIn(server.url, email);
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(true); // now cached
    expect((await client.delete('/api/leagues/sleeper/disconnect')).status).toBe(200);
    expect((await client.get('/api/auth/me')).body.data.hasLinkedLeagues).toBe(false);
  });
});

/** Two API "processes" (each its own pool and session cache) on one PostgreSQL database. */
describe.runIf(TEST_POSTGRES_URL).each([
  ['PostgreSQL LISTEN/NOTIFY', false],
  ['Redis pub/sub', true],
])('session revocation on another process, announced through %s', (_label, withRedis) => {
  let database: TestDatabase;
  let redis: OwnRedis | undefined;
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(TEST_POSTGRES_URL);
    redis = withRedis ? await startOwnRedis() : undefined;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-sessions-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATA_SYNC_MINUTES: '0',
        DATABASE_URL: database.url,
        SESSION_SECRET: 'one-secret-for-both-processes-0123456789',
        ...(redis ? { REDIS_URL: redis.url } : {}),
      });
      servers.push(await startServer(config, { webDistDir: path.join(dataDir, 'no-web') }));
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await redis?.stop();
    await database?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a session logged out on process A at once on process B, which had it cached', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { email } = await insertAccount(asTestServer(a));
    const onA = await signIn(a.url, email);
    const onB = sameSessionOn(b.url, onA);
    expect((await onB.get('/api/auth/me')).status).toBe(200); // cached on B
    expect((await onB.get('/api/auth/me')).status).toBe(200);

    expect((await onA.post('/api/auth/logout')).status).toBe(200);
    const after = await onB.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
  });

  it('refuses the other sessions at once on process B after a password change on process A', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { email } = await insertAccount(asTestServer(a));
    const laptopOnA = await signIn(a.url, email);
    const phoneOnB = await signIn(b.url, email);
    expect((await phoneOnB.get('/api/auth/me')).status).toBe(200);
    const changed = await laptopOnA.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const after = await phoneOnB.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('password-change');
  });
});
