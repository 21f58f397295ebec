import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
 * Where a test run's migrated templates are, set by `prepareTestDatabaseTemplates` (a test runner's global set-up)
 * and read by every test database made in that run. Environment variables, because test files run in child
 * processes started after the set-up.
 */
const PGLITE_TEMPLATE_ENV = 'FM_TEST_PGLITE_TEMPLATE';
const POSTGRES_TEMPLATE_ENV = 'FM_TEST_POSTGRES_TEMPLATE';

/** The folder PGlite keeps its files in, inside a data directory (the server opens the same one). */
const PGLITE_FOLDER = 'pgdata';

/**
 * Migrates one empty database of each kind for a whole test run and tells later test databases to copy it:
 * a fresh PGlite folder costs ~2 s of initialisation and migrations, a copy of a migrated one ~0.1 s; a
 * PostgreSQL `create database … template` skips the migrations. Returns the clean-up.
 */
export async function prepareTestDatabaseTemplates(serverUrl?: string): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-template-'));
  const pglite = await openDatabase({ dataDir });
  await runMigrations(pglite);
  await pglite.close();
  process.env[PGLITE_TEMPLATE_ENV] = path.join(dataDir, PGLITE_FOLDER);

  let templateName: string | undefined;
  if (serverUrl) {
    templateName = `fm_template_${process.pid}_${Date.now()}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${templateName}`);
    await admin.end({ timeout: 5 });
    const url = databaseUrl(serverUrl, templateName);
    const template = await openDatabase({ databaseUrl: url, maxConnections: 1 });
    await runMigrations(template, { databaseUrl: url });
    await template.close();
    process.env[POSTGRES_TEMPLATE_ENV] = templateName;
  }

  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env[PGLITE_TEMPLATE_ENV];
    if (!serverUrl || !templateName) return;
    delete process.env[POSTGRES_TEMPLATE_ENV];
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${templateName} with (force)`);
    await admin.end({ timeout: 5 });
  };
}

/**
 * Puts a migrated, empty PGlite database into `dataDir` (where the server and `openDatabase` look for it) by
 * copying this run's template; false when the run has none (the caller then migrates).
 */
export function copyPgliteTemplate(dataDir: string): boolean {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return false;
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, path.join(dataDir, PGLITE_FOLDER), { recursive: true });
  return true;
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
    const isCopied = isMigrated && copyPgliteTemplate(dataDir);
    const database = await openDatabase({ dataDir });
    if (isMigrated && !isCopied) await runMigrations(database);
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
  const template = isMigrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, maxConnections: 5 });
  if (isMigrated && !template) await runMigrations(database, { databaseUrl: url });
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
