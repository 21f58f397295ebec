/**
 * Several API processes on one PostgreSQL and one Redis, as the README's scale-out path runs
 * them: two built servers (apps/api/dist/main.js) started at the same instant on an empty
 * database with ADMIN_EMAIL and NFL_DATA_DIR set. No browser: this is about the processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient, startOwnRedis, type OwnRedis } from '@fm/api/testing';
import { appState, createTestDatabase, users, type TestDatabase } from '@fm/db';
import { ARTIFACTS_DIR, freePort, ROOT, SHARED_DIR } from './harness.js';

const SERVER_BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');
const ADMIN = { email: 'scale-admin@example.com', password: STRONG_PASSWORD };
const BOOT_TIMEOUT_MS = 90_000;
const IMPORT_TIMEOUT_MS = 240_000;
/** Two weeks of the real NFL.com files: enough to import, small enough for CI. */
const NFL_WEEKS = [
  ['2025', '1'],
  ['2025', '2'],
];

interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** The structured log lines so far. */
  logs: { msg?: string; level?: number }[];
  exitCode: Promise<number | null>;
}

function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  mkdirSync(path.join(ARTIFACTS_DIR, 'logs'), { recursive: true });
  const file = createWriteStream(path.join(ARTIFACTS_DIR, 'logs', `${name}.log`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), APP_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    file.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as ServerProcess['logs'][number]);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr!.pipe(file);
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, url, child, logs, exitCode };
}

async function waitUntil(what: string, timeoutMs: number, isDone: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isDone()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function isHealthy(server: ServerProcess): Promise<boolean> {
  if (server.child.exitCode !== null) {
    throw new Error(`${server.name} exited with ${server.child.exitCode} (see e2e/artifacts/logs)`);
  }
  try {
    return (await fetch(`${server.url}/api/health`)).ok;
  } catch {
    return false;
  }
}

const logged = (server: ServerProcess, message: RegExp) =>
  server.logs.filter((line) => message.test(line.msg ?? '')).length;

describe.runIf(process.env.DATABASE_URL)('two API processes started together on an empty database', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let nflDir: string;
  const dataDirs: string[] = [];
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(SERVER_BUNDLE)) throw new Error('Build first: npm run build');
    database = await createTestDatabase(process.env.DATABASE_URL, { isMigrated: false });
    redis = await startOwnRedis();
    nflDir = mkdtempSync(path.join(os.tmpdir(), 'fm-scale-nfl-'));
    for (const [season, week] of NFL_WEEKS) {
      mkdirSync(path.join(nflDir, season!), { recursive: true });
      symlinkSync(path.join(SHARED_DIR, 'nfl-data', season!, week!), path.join(nflDir, season!, week!));
    }
    const ports = [await freePort(), await freePort()];
    const shared = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      REDIS_URL: redis.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // behind one load balancer the processes must sign cookies alike
      SESSION_SECRET: 'scale-out-test-secret-0123456789abcdef0123456789',
      NFL_DATA_DIR: nflDir,
      SIMULATION_WORKERS: '1',
      LOG_LEVEL: 'info',
    };
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'fm-scale-')));
    // the same instant: both spawned in one tick
    servers = ['scale-out-a', 'scale-out-b'].map((name, i) =>
      spawnServer(name, ports[i]!, { ...shared, DATA_DIR: dataDirs[i]! }),
    );
    await waitUntil('both processes to answer /api/health', BOOT_TIMEOUT_MS, async () => {
      const healthy = await Promise.all(servers.map(isHealthy));
      return healthy.every(Boolean);
    });
  }, BOOT_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await redis?.stop();
    await database?.destroy();
    rmSync(nflDir, { recursive: true, force: true });
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'both come up, with one admin account, and import the NFL data once',
    async () => {
      const accounts = await database.db.select().from(users);
      expect(accounts.map(({ email, role }) => ({ email, role }))).toEqual([
        { email: ADMIN.email, role: 'admin' },
      ]);

      const [a, b] = servers as [ServerProcess, ServerProcess];
      await waitUntil('the import to finish and the other process to find it done', IMPORT_TIMEOUT_MS, () => {
        const finished = logged(a, /^NFL data imported in/) + logged(b, /^NFL data imported in/);
        const skipped = logged(a, /already imported; skipping/) + logged(b, /already imported; skipping/);
        return finished + skipped >= 2;
      });
      expect(logged(a, /^Importing NFL data/) + logged(b, /^Importing NFL data/)).toBe(1);
      expect(logged(a, /^NFL data imported in/) + logged(b, /^NFL data imported in/)).toBe(1);
      expect(logged(a, /already imported; skipping/) + logged(b, /already imported; skipping/)).toBe(1);
      const recorded = (await database.db.select().from(appState)).filter((row) => row.key === 'nfl_import');
      expect(recorded).toHaveLength(1);
      expect((recorded[0]!.value as { files: number }).files).toBeGreaterThan(0);

      for (const server of servers) {
        const weeks = await new TestClient(server.url).get('/api/projections/available-weeks');
        expect(weeks.body.seasons[0]).toMatchObject({ season: 2025 });
      }
    },
    IMPORT_TIMEOUT_MS + 30_000,
  );

  it('shows an import made on one process on the other within a second, and both stop cleanly', async () => {
    const [importer, reader] = servers as [ServerProcess, ServerProcess];
    const visitor = new TestClient(reader.url);
    const page = '/api/projections/public/te?season=2025&week=3&limit=50';
    expect(JSON.stringify((await visitor.get(page)).body)).not.toContain('Scale Out');

    const admin = new TestClient(importer.url);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    // a session made on one process works on the other (shared database, same secret)
    const sameSessionOnReader = new TestClient(reader.url);
    for (const [name, value] of admin.cookies) sameSessionOnReader.cookies.set(name, value);
    expect((await sameSessionOnReader.get('/api/auth/me')).status).toBe(200);
    const form = new FormData();
    const csv = 'player_name,position,team,week,pred_mean,pred_std,season\nScale Out,TE,KC,3,12,4,2025';
    form.set('csvFile', new Blob([csv], { type: 'text/csv' }), 'projections.csv');
    const imported = await admin.request('POST', '/api/admin/data-management/import-projections', undefined, {
      body: form,
      headers: { 'x-csrf-token': admin.csrfToken! },
    });
    expect(imported.status).toBe(200);
    const importedAt = performance.now();
    await waitUntil('the import to show on the other process', 5_000, async () =>
      JSON.stringify((await visitor.get(page)).body).includes('Scale Out'),
    );
    expect(performance.now() - importedAt).toBeLessThan(1_000);

    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((server) => server.exitCode))).toEqual([0, 0]);
  }, 60_000);
});
