import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTcpProxy, type TcpProxy, type TestDatabase } from '@fm/db';
import { loadConfig, type Config } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { STRONG_PASSWORD } from './accounts.js';
import { TestClient, TEST_POSTGRES_URL } from './harness.js';

export const PROXIED_ADMIN = { email: 'outage-admin@example.com', password: STRONG_PASSWORD };

export interface ProxiedServer extends RunningServer {
  config: Config;
  /** Between the server and its PostgreSQL database: cut it to take the database away. */
  proxy: TcpProxy;
  /** The database itself, reached directly (not through the proxy). */
  target: TestDatabase;
  /** A client signed in as PROXIED_ADMIN (ADMIN_EMAIL). */
  signedIn(): Promise<TestClient>;
  stop(): Promise<void>;
}

/**
 * The real server on a fresh PostgreSQL database (DATABASE_URL's server) reached through a TCP
 * proxy that tests cut and restore, with an admin account from ADMIN_EMAIL.
 */
export async function startServerBehindProxy(env: Record<string, string> = {}): Promise<ProxiedServer> {
  if (!TEST_POSTGRES_URL) throw new Error('Set DATABASE_URL to run database outage tests');
  const target = await createTestDatabase(TEST_POSTGRES_URL);
  const { hostname, port } = new URL(target.url!);
  const proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-outage-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: proxy.urlFor(target.url!),
    ADMIN_EMAIL: PROXIED_ADMIN.email,
    ADMIN_PASSWORD: PROXIED_ADMIN.password,
    ...env,
  });
  const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
  return {
    ...server,
    config,
    proxy,
    target,
    async signedIn() {
      const client = new TestClient(server.url);
      const login = await client.post('/api/auth/login', PROXIED_ADMIN);
      if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
      return client;
    },
    async stop() {
      await proxy.restore();
      await server.close();
      await proxy.close();
      await target.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
