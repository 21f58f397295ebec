import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fm/db';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';

export type BenchDatabaseKind = 'pglite' | 'postgres';

/** PostgreSQL joins a bench only when DATABASE_URL names a server. */
export function benchDatabaseKinds(): BenchDatabaseKind[] {
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is skipped.');
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface BenchServer {
  server: RunningServer;
  /** Stops the server and removes its data directory and database. */
  dispose(): Promise<void>;
}

/**
 * A silent API server on a fresh data directory and, for `postgres`, a fresh database on
 * DATABASE_URL's server; `env` adds or overrides configuration.
 */
export async function startBenchServer(
  kind: BenchDatabaseKind,
  env: Record<string, string | undefined> = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-'));
  let database: TestDatabase | undefined;
  if (kind === 'postgres') {
    database = await createTestDatabase(process.env.DATABASE_URL);
    await database.close();
  }
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database?.url,
    // benches never reach the real ESPN: a closed port unless a bench serves a fake
    ESPN_API_URL: 'http://127.0.0.1:9',
    // a bench's load comes from one address standing in for many clients
    PROJECTION_LISTS_PER_MINUTE: '1000000',
    ...env,
  });
  const server = await startServer(config, { webDistDir: path.join(dataDir, 'no-web') });
  return {
    server,
    async dispose() {
      await server.close();
      await database?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
