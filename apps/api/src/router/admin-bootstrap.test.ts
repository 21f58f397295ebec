import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyPgliteTemplate } from '@fm/db';
import { afterAll, describe, expect, it } from 'vitest';
import { registerVerifiedUser, signedInClient, STRONG_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { startMailingTestServer, startTestServer, type TestServer } from '../../test/harness.js';

const LEAKED_PASSWORD = 'Commissioner$2025';
const NEW_PASSWORD = 'Changed$AfterLeak9';

/** ADMIN_EMAIL/ADMIN_PASSWORD across restarts of the server on one database (PGlite in one DATA_DIR). */
describe('the ADMIN_EMAIL account across restarts', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-admin-bootstrap-'));
  // a migrated, empty database: the subject is what a restart keeps, not a first start's set-up
  copyPgliteTemplate(dataDir);
  const running: TestServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer('pglite', { DATA_DIR: dataDir, ...env });
    running.push(server);
    return server;
  };
  const restart = async (server: TestServer, env: Record<string, string>) => {
    await server.close();
    running.splice(running.indexOf(server), 1);
    return start(env);
  };
  afterAll(async () => {
    for (const server of running) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (server: TestServer, email: string, password: string) =>
    server.client().post('/api/auth/login', { email, password });

  it('creates the admin once; a password the admin changed survives the next start', async () => {
    const email = uniqueEmail('admin');
    const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: LEAKED_PASSWORD };
    const first = await start(env);
    const admin = await signedInClient(first, email, LEAKED_PASSWORD);
    expect((await admin.get('/api/auth/me')).body.data).toMatchObject({ role: 'admin', emailVerified: true });
    const changed = await admin.post('/api/auth/change-password', {
      currentPassword: LEAKED_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);

    const second = await restart(first, env);
    expect((await login(second, email, LEAKED_PASSWORD)).status).toBe(401);
    const owner = await login(second, email, NEW_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ email, role: 'admin' });
  }, 300_000);
});

describe('ADMIN_EMAIL naming an account someone registered', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.stop());

  it('leaves that account as it is: not promoted, and its own password still the one that works', async () => {
    const mailing = await startMailingTestServer('pglite');
    const email = await registerVerifiedUser(mailing);
    await mailing.close();
    server = await startTestServer('pglite', {
      DATA_DIR: mailing.dataDir,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: LEAKED_PASSWORD,
    });
    await mailing.smtp.close();
    expect((await server.client().post('/api/auth/login', { email, password: LEAKED_PASSWORD })).status).toBe(
      401,
    );
    const owner = await server.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.user.role).toBe('user');
  }, 300_000);
});
