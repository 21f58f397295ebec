/**
 * Whether the database server can be reached, and a guard that makes every query fail fast
 * (DatabaseUnavailableError) while it cannot, instead of waiting for the driver to reconnect.
 */

/** A query still running after this long makes the guard check that the server answers at all. */
export const SUSPECT_QUERY_AFTER_MS = 750;
/** A probe (one `select 1` on a connection of its own) that takes longer than this has failed. */
export const PROBE_TIMEOUT_MS = 750;
/** While the server is unreachable it is probed this often, so service resumes soon after it returns. */
export const RECHECK_INTERVAL_MS = 500;
/**
 * A query (or a transaction's statement) with no answer for this long fails even though probes still reach the
 * server: its own connection has stalled (a server process stuck under load or stopped, a half-open socket) and may
 * never answer, while everyone sharing the query would wait with it. Far longer than any statement the app runs.
 * Counted from when the query is issued, so a wait for a free pool connection counts too: when every connection of
 * the pool has stalled, the queries queued behind them fail within this time as well.
 */
export const STALLED_QUERY_AFTER_MS = 15_000;

/** Thrown instead of running a query while the database cannot be reached. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(message = 'The database is not reachable.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Node and postgres.js codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/** SQLSTATEs of a server shutting down, crashing or still starting. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
/** MongoDB driver errors that mean the server could not be reached (the event store may be MongoDB). */
const MONGO_UNREACHABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);

function isConnectionFailure(error: object): boolean {
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || SERVER_GOING_AWAY.has(code)) return true;
    // SQLSTATE class 08: connection exception
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof name === 'string' && MONGO_UNREACHABLE.has(name);
}

/**
 * True when `error`, or an error it wraps (drizzle and tRPC wrap the driver's), means the
 * database could not be reached, as opposed to a statement the server refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof DatabaseUnavailableError || isConnectionFailure(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface DatabaseAvailability {
  /** False from the moment the server is found unreachable until a probe reaches it again. */
  readonly isAvailable: boolean;
  /** Epoch ms at which it became unreachable; null while available. */
  readonly unavailableSince: number | null;
}

export interface AvailabilityGuard extends DatabaseAvailability {
  /**
   * Runs one query (or transaction). Rejects with DatabaseUnavailableError at once while the server
   * is unreachable, on a connection failure, when the query hangs and a probe finds the server gone, or
   * when it has heard nothing for `stalledAfterMs`. A transaction calls `markAnswered` as each of its
   * statements is answered, so that only silence counts, not its length.
   */
  run<T>(start: (markAnswered: () => void) => PromiseLike<T>): Promise<T>;
  stop(): void;
}

export interface AvailabilityGuardOptions {
  /** One round trip on a connection that queries cannot hold up; rejects or hangs when unreachable. */
  probe: () => Promise<unknown>;
  onChange?: (isAvailable: boolean, cause?: unknown) => void;
  suspectAfterMs?: number;
  probeTimeoutMs?: number;
  recheckIntervalMs?: number;
  stalledAfterMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createAvailabilityGuard(options: AvailabilityGuardOptions): AvailabilityGuard {
  const suspectAfterMs = options.suspectAfterMs ?? SUSPECT_QUERY_AFTER_MS;
  const probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const recheckIntervalMs = options.recheckIntervalMs ?? RECHECK_INTERVAL_MS;
  const stalledAfterMs = options.stalledAfterMs ?? STALLED_QUERY_AFTER_MS;
  let unavailableSince: number | null = null;
  let probing: Promise<boolean> | null = null;
  let recheckTimer: NodeJS.Timeout | undefined;
  let isStopped = false;
  /** Rejecters of the queries in flight, so that they all fail the moment the server is found gone. */
  const inFlight = new Set<(error: Error) => void>();

  /** One probe at a time, shared by everyone asking. An error the server sent still means it answered. */
  const probeOnce = (): Promise<boolean> => {
    probing ??= withTimeout(
      options.probe().then(
        () => true,
        (error: unknown) => !isDatabaseUnavailable(error),
      ),
      probeTimeoutMs,
    )
      .catch(() => false)
      .finally(() => {
        probing = null;
      });
    return probing;
  };

  /**
   * A slow query's suspicion is confirmed by two probes in a row: on a busy machine one new connection and its
   * `select 1` can take longer than PROBE_TIMEOUT_MS (seen at a load of 20 on 2 cores), and a server found gone fails
   * every query in flight. A server that is really gone fails both, so a stalled one is still found within
   * SUSPECT_QUERY_AFTER_MS plus two probe timeouts.
   */
  const probeTwice = async (): Promise<boolean> => (await probeOnce()) || probeOnce();

  const scheduleRecheck = () => {
    if (isStopped) return;
    recheckTimer = setTimeout(() => {
      void probeOnce().then((isReachable) => (isReachable ? markAvailable() : scheduleRecheck()));
    }, recheckIntervalMs);
    recheckTimer.unref();
  };

  const markUnavailable = (cause?: unknown) => {
    if (unavailableSince !== null) return;
    unavailableSince = Date.now();
    for (const reject of inFlight) reject(new DatabaseUnavailableError(undefined, { cause }));
    options.onChange?.(false, cause);
    scheduleRecheck();
  };

  const markAvailable = () => {
    if (unavailableSince === null) return;
    unavailableSince = null;
    options.onChange?.(true);
  };

  /** A failure that may be one dropped connection or the whole server: the probe decides. */
  const suspect = (cause: unknown) =>
    probeOnce().then((isReachable) => (isReachable ? undefined : markUnavailable(cause)));

  return {
    get isAvailable() {
      return unavailableSince === null;
    },
    get unavailableSince() {
      return unavailableSince;
    },
    run<T>(start: (markAnswered: () => void) => PromiseLike<T>): Promise<T> {
      if (unavailableSince !== null) return Promise.reject(new DatabaseUnavailableError());
      return new Promise<T>((resolve, reject) => {
        let watchdog: NodeJS.Timeout | undefined;
        let isSettled = false;
        let lastAnsweredAt = performance.now();
        const settle = () => {
          isSettled = true;
          clearTimeout(watchdog);
          inFlight.delete(fail);
        };
        function fail(error: Error) {
          if (isSettled) return;
          settle();
          reject(error);
        }
        const watch = () => {
          watchdog = setTimeout(() => {
            void probeTwice().then((isReachable) => {
              if (isSettled) return;
              if (!isReachable) {
                markUnavailable(new Error(`a query got no answer within ${suspectAfterMs} ms`));
                return fail(new DatabaseUnavailableError());
              }
              if (performance.now() - lastAnsweredAt < stalledAfterMs) return watch();
              // the server answers others: only this query's connection is silent, so the server stays available
              fail(
                new DatabaseUnavailableError(
                  `A query got no answer within ${stalledAfterMs} ms though the database answers new connections.`,
                ),
              );
            });
          }, suspectAfterMs);
        };
        inFlight.add(fail);
        watch();
        start(() => {
          lastAnsweredAt = performance.now();
        }).then(
          (value) => {
            if (isSettled) return;
            settle();
            resolve(value);
          },
          async (error: unknown) => {
            if (!isDatabaseUnavailable(error)) return fail(error as Error);
            // settle the server's state first, so the next query already knows it
            await suspect(error);
            fail(
              error instanceof DatabaseUnavailableError
                ? error
                : new DatabaseUnavailableError(undefined, { cause: error }),
            );
          },
        );
      });
    },
    stop() {
      isStopped = true;
      clearTimeout(recheckTimer);
    },
  };
}
