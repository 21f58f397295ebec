import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { FAILURES_BEFORE_ALERT } from '../services/data-sync/run-sleeper-sync.js';
import { emptySyncRecord, writeSyncRecord } from '../services/sync-record/sync-record.js';

const ADMIN = { email: 'health-sync-admin@example.com', password: STRONG_PASSWORD };

describe('System Health and the live-data sync', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const health = async () => {
    const admin = await signedInClient(server, ADMIN.email, ADMIN.password);
    return (await admin.get('/api/admin/system/health')).body.data;
  };

  it('says the sync has not run yet, without calling that a problem', async () => {
    const answer = await health();
    expect(answer.components.dataSync).toMatchObject({ status: 'unknown', consecutiveFailures: 0 });
    expect(answer.issues.filter((issue: string) => /sync/.test(issue))).toEqual([]);
  });

  it('shows a failing sync: a warning after one failed run, critical once failures in a row raise the alert', async () => {
    const lastSuccessAt = '2025-10-05T12:00:00.000Z';
    await writeSyncRecord(server.deps.database, {
      ...emptySyncRecord(),
      lastAttemptAt: '2025-10-05T14:00:00.000Z',
      lastSuccessAt,
      lastError: 'GET /v1/state/nfl answered 502',
      consecutiveFailures: 1,
    });
    const once = await health();
    expect(once.components.dataSync).toMatchObject({
      status: 'warning',
      consecutiveFailures: 1,
      lastError: 'GET /v1/state/nfl answered 502',
      lastSuccessAt,
    });
    expect(once.status).not.toBe('healthy');
    expect(once.issues).toContainEqual(
      expect.stringMatching(/^The live-data sync failed its last run: GET \/v1\/state\/nfl answered 502/),
    );

    await writeSyncRecord(server.deps.database, {
      ...emptySyncRecord(),
      lastAttemptAt: '2025-10-05T16:00:00.000Z',
      lastSuccessAt,
      lastError: 'GET /v1/state/nfl answered 502',
      consecutiveFailures: FAILURES_BEFORE_ALERT,
    });
    const repeated = await health();
    expect(repeated.components.dataSync.status).toBe('critical');
    expect(repeated.status).toBe('critical');
    expect(repeated.issues).toContainEqual(
      expect.stringContaining(`failed ${FAILURES_BEFORE_ALERT} runs in a row`),
    );
  });

  it('is healthy again after a successful run', async () => {
    await writeSyncRecord(server.deps.database, {
      ...emptySyncRecord(),
      lastAttemptAt: '2025-10-05T17:00:00.000Z',
      lastSuccessAt: '2025-10-05T17:00:00.000Z',
    });
    const answer = await health();
    expect(answer.components.dataSync).toMatchObject({
      status: 'healthy',
      consecutiveFailures: 0,
      lastError: null,
    });
    expect(answer.issues.filter((issue: string) => /sync/.test(issue))).toEqual([]);
  });
});
