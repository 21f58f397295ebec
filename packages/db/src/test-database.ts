import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from './client.js';
import { runMigrations } from './migrate.js';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of the throw-away database, when one was made. */
  url?: string;
  dataDir?: string;
  /** Closes and removes the database (drops it, or deletes its folder). */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: a fresh PostgreSQL database on the
 * server at `serverUrl` (dropped afterwards), or an embedded PGlite one in a temp folder.
 * `isMigrated: false` leaves it without tables, as a first start finds it.
 */
export async function createTestDatabase(
  serverUrl?: string,
  { isMigrated = true }: { isMigrated?: boolean } = {},
): Promise<TestDatabase> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-db-'));
    const database = await openDatabase({ dataDir });
    if (isMigrated) await runMigrations(database);
    return {
      ...database,
      dataDir,
      async destroy() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `fm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  if (isMigrated) await runMigrations(database, { databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
