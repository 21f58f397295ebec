/**
 * A PostgreSQL server that stops answering without closing its sockets (every process SIGSTOPped, as a server
 * stalled under load looks from outside): queries must settle with DatabaseUnavailableError within a bound, never
 * wait forever, and service must resume once the server answers again. Runs on a cluster of its own.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.js';
import { openDatabase, type Database } from './client.js';
import { openGuardedPostgres } from './guarded-postgres.js';
import {
  isThrowawayClusterSupported,
  startThrowawayCluster,
  type ThrowawayCluster,
} from './throwaway-cluster.js';

/**
 * Longest a query may take to fail once the server stops answering: the guard's suspicion delay and two probes
 * (750 ms each), with room for a loaded machine.
 */
const SETTLE_BOUND_MS = 4_000;
/** How long a silent query waits here while the server answers others (in the app: STALLED_QUERY_AFTER_MS). */
const STALLED_AFTER_MS_IN_TEST = 1_500;
/** Longest such a query may take to fail: the silence allowed, then the guard's next look (every 750 ms or so). */
const STALL_SETTLE_BOUND_MS = STALLED_AFTER_MS_IN_TEST + SETTLE_BOUND_MS;
/** Longest service may take to resume once the server answers again (probes recheck every 500 ms). */
const RECOVERY_BOUND_MS = 5_000;

interface Settled {
  error: unknown;
  ms: number;
}

/** How a promise settled and after how long; rejects if it has not settled within `boundMs`. */
function settleWithin(promise: Promise<unknown>, boundMs: number): Promise<Settled> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => ({ error: undefined, ms: performance.now() - started }),
      (error: unknown) => ({ error, ms: performance.now() - started }),
    ),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still waiting after ${boundMs} ms`)), boundMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe.runIf(isThrowawayClusterSupported)('a PostgreSQL server that stops answering (SIGSTOP)', () => {
  let cluster: ThrowawayCluster | undefined;
  let database: Database;
  /** Resolvers waiting for the availability to become `isAvailable`. */
  const waiters: { isAvailable: boolean; resolve: () => void }[] = [];
  const untilAvailability = (isAvailable: boolean): Promise<void> =>
    database.availability.isAvailable === isAvailable
      ? Promise.resolve()
      : new Promise((resolve) => waiters.push({ isAvailable, resolve }));

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      maxConnections: 4,
      onAvailabilityChange: (isAvailable) => {
        for (const waiter of waiters.splice(0)) {
          if (waiter.isAvailable === isAvailable) waiter.resolve();
          else waiters.push(waiter);
        }
      },
    });
    await database.db.execute(sql`create table if not exists heartbeat (n int)`);
  });
  afterEach(async () => {
    cluster?.thaw();
    await settleWithin(untilAvailability(true), RECOVERY_BOUND_MS);
  });
  afterAll(async () => {
    cluster?.thaw();
    await database?.close().catch(() => {});
    cluster?.destroy();
  });

  it('fails a query on an open connection within the bound, fails the next at once, and recovers after SIGCONT', async ({
    annotate,
  }) => {
    await database.db.execute(sql`select 1`);
    cluster!.freeze();

    const hung = await settleWithin(
      database.db.execute(sql`select count(*) from heartbeat`),
      SETTLE_BOUND_MS,
    );
    expect(isDatabaseUnavailable(hung.error)).toBe(true);
    expect(database.availability.isAvailable).toBe(false);
    const next = await settleWithin(database.db.execute(sql`select 1`), SETTLE_BOUND_MS);
    expect(isDatabaseUnavailable(next.error)).toBe(true);
    expect(next.ms).toBeLessThan(50);
    await annotate(`frozen server: first query settled in ${Math.round(hung.ms)} ms`);

    cluster!.thaw();
    const recovered = await settleWithin(untilAvailability(true), RECOVERY_BOUND_MS);
    const after = await settleWithin(
      database.db.execute(sql`select count(*) from heartbeat`),
      SETTLE_BOUND_MS,
    );
    expect(after.error).toBeUndefined();
    await annotate(`frozen server: available again ${Math.round(recovered.ms)} ms after SIGCONT`);
  });

  it('fails queries shared by many callers when the connections open stop answering but new ones are served', async ({
    annotate,
  }) => {
    // a pool of its own, whose probe has not connected yet: its probe's connection is new, and answered
    const stalling = openGuardedPostgres(cluster!.url, 2, undefined, {
      stalledAfterMs: STALLED_AFTER_MS_IN_TEST,
    });
    const db = drizzle(stalling.guardedClient);
    try {
      await Promise.all([1, 2].map(() => db.execute(sql`select pg_sleep(0.05)`)));
      cluster!.freezeOpenConnections();

      // one read that every new stream and push awaits, as the data-version read is shared (drizzle runs its query
      // again on each `then`: Promise.resolve runs it once)
      const shared = Promise.resolve(db.execute(sql`select 1`));
      const readers = await Promise.all(
        Array.from({ length: 50 }, () => settleWithin(shared, STALL_SETTLE_BOUND_MS)),
      );
      const later = await settleWithin(db.execute(sql`select 2`), STALL_SETTLE_BOUND_MS);
      for (const read of [...readers, later]) expect(isDatabaseUnavailable(read.error)).toBe(true);
      expect(stalling.guard.isAvailable).toBe(true);
      await annotate(
        `stalled connections: shared read settled in ${Math.round(readers[0]!.ms)} ms, the next in ${Math.round(later.ms)} ms`,
      );

      cluster!.thaw();
      const after = await settleWithin(db.execute(sql`select 3`), SETTLE_BOUND_MS);
      expect(after.error).toBeUndefined();
    } finally {
      await stalling.close();
    }
  });

  it('lets a transaction of answered statements, savepoints included, run longer than a query may stay silent', async () => {
    const pool = openGuardedPostgres(cluster!.url, 2, undefined, {
      stalledAfterMs: STALLED_AFTER_MS_IN_TEST,
    });
    try {
      const long = await settleWithin(
        drizzle(pool.guardedClient).transaction(async (tx) => {
          for (let step = 0; step < 2; step++) await tx.execute(sql`select pg_sleep(0.4)`);
          // statements in a savepoint count as answers too
          await tx.transaction(async (inner) => {
            for (let step = 0; step < 6; step++) await inner.execute(sql`select pg_sleep(0.4)`);
          });
        }),
        SETTLE_BOUND_MS + 2_000,
      );
      expect(long.error).toBeUndefined();
      expect(long.ms).toBeGreaterThan(STALLED_AFTER_MS_IN_TEST);
    } finally {
      await pool.close();
    }
  });

  it('fails a transaction whose statement stalls while new connections are served', async ({ annotate }) => {
    const stalling = openGuardedPostgres(cluster!.url, 2, undefined, {
      stalledAfterMs: STALLED_AFTER_MS_IN_TEST,
    });
    try {
      let isInside!: () => void;
      const inside = new Promise<void>((resolve) => (isInside = resolve));
      const transaction = drizzle(stalling.guardedClient).transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        isInside();
        await tx.execute(sql`select 2`);
      });
      await inside;
      cluster!.freezeOpenConnections();
      const stalled = await settleWithin(transaction, STALL_SETTLE_BOUND_MS);
      expect(isDatabaseUnavailable(stalled.error)).toBe(true);
      expect(stalling.guard.isAvailable).toBe(true);
      await annotate(`stalled transaction: settled in ${Math.round(stalled.ms)} ms`);
    } finally {
      cluster!.thaw();
      await stalling.close();
    }
  });
});
