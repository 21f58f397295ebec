import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { runMigrations } from './migrate.js';
import { openDatabase } from './client.js';
import { users } from './schema.js';
import { executeRows } from './rows.js';

/** Tests run on a real PostgreSQL when DATABASE_URL is set, on the embedded one always. */
const POSTGRES_URL = process.env.DATABASE_URL || undefined;
const DATABASES: [string, string | undefined][] = [['PGlite', undefined]];
if (POSTGRES_URL) DATABASES.push(['PostgreSQL', POSTGRES_URL]);

describe.each(DATABASES)('database on %s', (_label, serverUrl) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('answers a ping after migrating', async () => {
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });

  it('stores and reads a user, with e-mail unique regardless of case', async () => {
    await database.db.insert(users).values({ email: 'Ann@Example.com', passwordHash: 'x' });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'Ann@Example.com'));
    expect(row?.role).toBe('user');
    await expect(
      database.db.insert(users).values({ email: 'ann@example.com', passwordHash: 'y' }),
    ).rejects.toThrow();
  });

  it('re-running migrations changes nothing', async () => {
    await runMigrations(database, { databaseUrl: database.url });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
  });
});

const MIGRATION_COUNT = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../migrations/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

describe.runIf(POSTGRES_URL)('concurrent start against one PostgreSQL', () => {
  it('two processes migrating at once both succeed and the schema is applied once', async () => {
    const target = await createTestDatabase(POSTGRES_URL!);
    // a fresh, unmigrated database next to it
    const admin = postgres(POSTGRES_URL!, { max: 1, onnotice: () => {} });
    const name = `fm_race_${process.pid}_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: url.toString() }),
        openDatabase({ databaseUrl: url.toString() }),
      ]);
      await Promise.all([
        runMigrations(a, { databaseUrl: url.toString() }),
        runMigrations(b, { databaseUrl: url.toString() }),
      ]);
      const applied = await executeRows<{ count: string }>(
        a.db,
        sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
      );
      // every migration recorded once, not once per process
      expect(Number(applied[0]?.count)).toBe(MIGRATION_COUNT);
      await a.close();
      await b.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await target.destroy();
    }
  });
});
