import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../../test/accounts.js';
import { TestClient, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.js';
import { loadConfig } from '../../config.js';
import { startServer, type RunningServer } from '../../server.js';

const ADMIN = { email: 'importer@example.com', password: STRONG_PASSWORD };
const HEADER = 'player_name,position,team,week,pred_mean,pred_std,season';
/** An import on one process must show on the other within this. */
const PROPAGATION_MS = 1_000;

function csvForm(text: string): FormData {
  const form = new FormData();
  form.set('csvFile', new Blob([text], { type: 'text/csv' }), 'projections.csv');
  return form;
}

/** Two API "processes" (two servers, each with its own pool and caches) on one PostgreSQL database. */
describe.runIf(TEST_POSTGRES_URL).each([
  ['PostgreSQL LISTEN/NOTIFY', false],
  ['Redis pub/sub', true],
])('data changes announced through %s', (_label, withRedis) => {
  let database: TestDatabase;
  let redis: OwnRedis | undefined;
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(TEST_POSTGRES_URL);
    redis = withRedis ? await startOwnRedis() : undefined;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-announce-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
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

  it('shows an import made on one process on the other within a second', async () => {
    const [importer, reader] = servers as [RunningServer, RunningServer];
    const visitor = new TestClient(reader.url);
    const page = '/api/projections/public/qb?season=2025&week=3&limit=50';
    const before = await visitor.get(page);
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).not.toContain('Fresh Face');
    // the reader has just read (and cached) the page, so only an announcement can refresh it in time

    const admin = new TestClient(importer.url);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const imported = await admin.request('POST', '/api/admin/data-management/import-projections', undefined, {
      body: csvForm(`${HEADER}\nFresh Face,QB,KC,3,31,5,2025`),
      headers: { 'x-csrf-token': admin.csrfToken! },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1 });
    const importedAt = performance.now();

    let seenAfterMs = Number.POSITIVE_INFINITY;
    while (performance.now() - importedAt < 3 * PROPAGATION_MS) {
      const after = await visitor.get(page);
      if (JSON.stringify(after.body).includes('Fresh Face')) {
        seenAfterMs = performance.now() - importedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seenAfterMs).toBeLessThan(PROPAGATION_MS);
  });
});
