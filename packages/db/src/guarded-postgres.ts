import postgres, { type Sql, type TransactionSql } from 'postgres';
import { createAvailabilityGuard, PROBE_TIMEOUT_MS, type AvailabilityGuard } from './availability.js';

/**
 * Seconds a new connection may take. Hung queries are caught sooner by the availability guard;
 * this only bounds how long a connection attempt lingers in the background.
 */
const CONNECT_TIMEOUT_SECONDS = 5;
/**
 * Seconds before a dropped connection is retried: postgres.js grows this to 20 s, which would
 * keep requests waiting long after the server is back. Short and capped instead; while the
 * server is down the guard stops sending queries, so this does not hammer it.
 */
const reconnectDelaySeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5);

export interface GuardedPostgres {
  /** The pool, as drizzle should see it: every query and transaction goes through the guard. */
  guardedClient: Sql;
  /** The pool itself, for session-level work (advisory locks, LISTEN) that must bypass the guard. */
  client: Sql;
  guard: AvailabilityGuard;
  close(): Promise<void>;
}

type PendingQuery = ReturnType<Sql['unsafe']>;

/** A query object that drizzle awaits directly or after `.values()`; awaiting it awaits `settle(query)`. */
function wrapQuery(query: PendingQuery, settle: (query: PendingQuery) => Promise<unknown>) {
  const wrapped = {
    values() {
      query.values();
      return wrapped;
    },
    then<A, B>(
      onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
      onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) {
      return settle(query).then(onFulfilled, onRejected);
    },
  };
  return wrapped;
}

/**
 * A transaction's connection as drizzle should see it: every statement answered (even with an error) tells the
 * guard that the transaction still hears from the server, savepoints included.
 */
function reportingAnswers(tx: TransactionSql, markAnswered: () => void): TransactionSql {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: Parameters<Sql['unsafe']>) =>
          wrapQuery(target.unsafe(...args), (query) => Promise.resolve(query).finally(markAnswered));
      }
      if (property === 'savepoint') {
        return (...args: unknown[]) =>
          (target.savepoint as (...a: unknown[]) => Promise<unknown>)(
            ...withCallbacksGiven(args, (inner) => reportingAnswers(inner, markAnswered)),
          );
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** `args` with each callback receiving `wrap(tx)` instead of the transaction postgres.js passes it. */
function withCallbacksGiven(args: unknown[], wrap: (tx: TransactionSql) => TransactionSql): unknown[] {
  return args.map((arg) =>
    typeof arg === 'function'
      ? (tx: TransactionSql) => (arg as (tx: TransactionSql) => unknown)(wrap(tx))
      : arg,
  );
}

/**
 * A postgres.js pool whose queries fail fast with DatabaseUnavailableError while the server
 * cannot be reached, judged by probes on a connection of their own (so a busy pool cannot make
 * a healthy server look dead, and a dead server is noticed even while the pool waits).
 */
export function openGuardedPostgres(
  url: string,
  max: number,
  onAvailabilityChange?: (isAvailable: boolean, cause?: unknown) => void,
  {
    isPooled = false,
    stalledAfterMs,
  }: {
    isPooled?: boolean;
    /** Tests shorten how long a silent query waits while the server answers others. */
    stalledAfterMs?: number;
  } = {},
): GuardedPostgres {
  const client = postgres(url, {
    max,
    // behind a transaction-mode pooler a statement prepared on one server connection is unknown on the next
    prepare: !isPooled,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
  });
  const openProbeClient = () =>
    postgres(url, {
      max: 1,
      prepare: !isPooled,
      onnotice: () => {},
      connect_timeout: PROBE_TIMEOUT_MS / 1000,
      backoff: () => 0,
      fetch_types: false,
      idle_timeout: 60,
    });
  let probeClient = openProbeClient();
  const probe = async () => {
    const current = probeClient;
    // A probe stuck on a silent connection would hold up every later one: start afresh.
    const replaceStuck = setTimeout(() => {
      probeClient = openProbeClient();
      void current.end({ timeout: 0 });
    }, PROBE_TIMEOUT_MS);
    try {
      await current`select 1`;
    } finally {
      clearTimeout(replaceStuck);
    }
  };
  const guard = createAvailabilityGuard({ probe, onChange: onAvailabilityChange, stalledAfterMs });
  // postgres.js reads the server's array types on every new connection, and a connection reset
  // during that read is an unhandled rejection, which ends the process. The first connection's
  // read registers them for the whole pool, so reconnections after it skip the read.
  const stopFetchingTypes = () => {
    client.options.fetch_types = false;
  };
  const guardedClient = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: Parameters<Sql['unsafe']>) =>
          wrapQuery(target.unsafe(...args), async (query) => {
            const rows = await guard.run(() => query);
            stopFetchingTypes();
            return rows;
          });
      }
      if (property === 'begin') {
        return (...args: unknown[]) =>
          guard.run((markAnswered) =>
            (target.begin as (...a: unknown[]) => Promise<unknown>)(
              ...withCallbacksGiven(args, (tx) => reportingAnswers(tx, markAnswered)),
            ),
          );
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return {
    guardedClient,
    client,
    guard,
    async close() {
      guard.stop();
      await Promise.all([client.end({ timeout: 5 }), probeClient.end({ timeout: 1 })]);
    },
  };
}
