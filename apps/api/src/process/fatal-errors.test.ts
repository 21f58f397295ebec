import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from '@fm/db';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../test/accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'crash-admin@example.com', password: STRONG_PASSWORD };

function runCrashProbe(dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; ms: number }>((resolve) => {
    const started = performance.now();
    execFile(
      process.execPath,
      ['--import', 'tsx', 'test/crash-probe.ts', dataDir],
      { cwd: API_DIR, timeout: 100_000 },
      (error, stdout) =>
        resolve({
          code: error ? (error.code as number | null) : 0,
          stdout,
          ms: performance.now() - started,
        }),
    );
  });
}

describe('an API process after an uncaught exception', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-crash-'));
  // a migrated database, as a restarted process finds it: the subject is the crash, not a first start
  copyPgliteTemplate(dataDir);
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs it with the request that started the work, exits with code 1, and System Health counts it', async () => {
    const crashed = await runCrashProbe(dataDir);
    expect(crashed.code).toBe(1);
    const fatal = crashed.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.level === 60);
    expect(fatal).toMatchObject({
      kind: 'uncaughtException',
      request: { requestId: 'probe-request-1', method: 'GET', path: '/api/probe' },
      err: { message: 'probe crash' },
    });

    // the supervisor's restart: a new process on the same data
    server = await startTestServer('pglite', {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const admin = server.client();
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const health = await admin.get('/api/admin/system/health');
    expect(health.status).toBe(200);
    expect(health.body.data.components.processes).toEqual({ status: 'warning', crashes: 1, windowHours: 24 });
    expect(health.body.data.issues).toContainEqual(
      expect.stringMatching(/1 API process crash in the last 24 hours/),
    );
    const errors = await admin.get('/api/admin/system/errors');
    expect(JSON.stringify(errors.body)).toContain('Process crashed (uncaughtException): probe crash');
  }, 120_000);
});
