import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './availability.js';
import { openDatabase, type Database } from './client.js';
import { users } from './schema.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const POSTGRES_URL = process.env.DATABASE_URL || undefined;

/** Time a promise takes to settle, and how. */
async function timed<T>(promise: Promise<T>) {
  const started = performance.now();
  try {
    return { value: await promise, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { value: undefined, error, ms: performance.now() - started };
  }
}

async function untilQueryWorks(database: Database, withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    try {
      await database.db.execute(sql`select 1`);
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`no query succeeded within ${withinMs} ms`);
}

describe('the embedded database', () => {
  it('is always available', async () => {
    const database = await createTestDatabase();
    try {
      expect(database.availability.isAvailable).toBe(true);
      expect(database.availability.unavailableSince).toBeNull();
    } finally {
      await database.destroy();
    }
  });
});

describe.runIf(POSTGRES_URL)('PostgreSQL through a proxy that tests cut', () => {
  let target: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  const changes: boolean[] = [];

  beforeAll(async () => {
    target = await createTestDatabase(POSTGRES_URL);
    const { hostname, port } = new URL(target.url!);
    proxy = await startTcpProxy({ host: hostname, port: Number(port || 5432) });
    database = await openDatabase({
      databaseUrl: proxy.urlFor(target.url!),
      onAvailabilityChange: (isAvailable) => changes.push(isAvailable),
    });
    await database.ping();
  });
  afterEach(async () => {
    await proxy.restore();
    await untilQueryWorks(database, 10_000);
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await target?.destroy();
  });

  it('fails queries at once while the server is gone, and serves again soon after it returns', async () => {
    await proxy.cut();
    const first = await timed(database.db.select().from(users));
    expect(isDatabaseUnavailable(first.error)).toBe(true);
    expect(first.ms).toBeLessThan(2_000);
    expect(database.availability.isAvailable).toBe(false);

    const next = await timed(database.db.select().from(users));
    expect(isDatabaseUnavailable(next.error)).toBe(true);
    expect(next.ms).toBeLessThan(50);
    const transaction = await timed(
      database.db.transaction(async (tx) =>
        tx.insert(users).values({ email: 'x@example.com', passwordHash: 'x' }),
      ),
    );
    expect(transaction.error).toBeInstanceOf(DatabaseUnavailableError);

    await proxy.restore();
    expect(await untilQueryWorks(database, 5_000)).toBeLessThan(3_000);
    expect(database.availability.isAvailable).toBe(true);
    expect(changes.slice(-2)).toEqual([false, true]);
  });

  it('fails a query within about 2 s when the network silently drops everything', async () => {
    proxy.blackhole();
    // open connections now go nowhere: the query hangs until the guard's probe finds the server gone
    const hung = await timed(database.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(hung.error)).toBe(true);
    expect(hung.ms).toBeLessThan(2_500);
    expect(database.availability.isAvailable).toBe(false);
  });

  it('lets a slow query on a healthy server finish', async () => {
    const slow = await timed(database.db.execute(sql`select pg_sleep(2.2)`));
    expect(slow.error).toBeUndefined();
    expect(slow.ms).toBeGreaterThan(2_000);
    expect(database.availability.isAvailable).toBe(true);
  });

  it('tells a statement the server refused from an unreachable server', async () => {
    await database.db.insert(users).values({ email: 'dup@example.com', passwordHash: 'x' });
    const duplicate = await timed(
      database.db.insert(users).values({ email: 'DUP@example.com', passwordHash: 'y' }),
    );
    expect(duplicate.error).toBeDefined();
    expect(isDatabaseUnavailable(duplicate.error)).toBe(false);
    expect(database.availability.isAvailable).toBe(true);
  });
});
