import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import type { Database } from './client.js';

/** Arbitrary constant naming our migration lock among the server's advisory locks. */
const MIGRATION_LOCK_ID = 727_001;

/** The migrations folder: beside a bundled server (dist/migrations) or in this package. */
export function resolveMigrationsFolder(): string {
  const candidates = [new URL('./migrations', import.meta.url), new URL('../migrations', import.meta.url)];
  for (const candidate of candidates) {
    const folder = fileURLToPath(candidate);
    if (existsSync(folder)) return folder;
  }
  throw new Error('Database migrations folder not found');
}

/**
 * Applies pending migrations. On PostgreSQL a session advisory lock makes concurrent
 * starts wait for each other, so only one process migrates and the rest find it done.
 */
export async function runMigrations(
  database: Database,
  options: { databaseUrl?: string | undefined; migrationsFolder?: string } = {},
): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? resolveMigrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!options.databaseUrl) throw new Error('runMigrations needs the databaseUrl for PostgreSQL');
  const lockClient = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder });
    await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await lockClient.end({ timeout: 5 });
  }
}
