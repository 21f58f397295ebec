import postgres, { type Sql } from 'postgres';
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

/** A query object that drizzle awaits directly or after `.values()`; both go through the guard. */
function guardQuery(guard: AvailabilityGuard, query: ReturnType<Sql['unsafe']>, onAnswered: () => void) {
  const guarded = {
    values() {
      query.values();
      return guarded;
    },
    then<A, B>(
      onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
      onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) {
      return guard
        .run(() => query)
        .then((rows) => {
          onAnswered();
          return rows;
        })
        .then(onFulfilled, onRejected);
    },
  };
  return guarded;
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
  { isPooled = false }: { isPooled?: boolean } = {},
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
  const guard = createAvailabilityGuard({ probe, onChange: onAvailabilityChange });
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
          guardQuery(guard, target.unsafe(...args), stopFetchingTypes);
      }
      if (property === 'begin') {
        return (...args: unknown[]) =>
          guard.run(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
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
