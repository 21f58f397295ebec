import { DatabaseUnavailableError, isDatabaseUnavailable } from '@fm/db';

/** Writes wait at most this long before they are sent in one batch. */
export const FLUSH_INTERVAL_MS = 1_000;
/** A batch this big is sent at once. */
export const FLUSH_BATCH_SIZE = 200;
/** While the store is unreachable, at most this many entries wait; beyond it the oldest are dropped. */
export const MAX_PENDING = 10_000;
/** After the store was found unreachable, the next attempt waits this long. */
export const RETRY_INTERVAL_MS = 1_000;

interface WriterLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BufferedWriterOptions<T> {
  /** Writes one batch: all of it, or throws. */
  write: (batch: T[]) => Promise<void>;
  log: WriterLog;
  /** What the entries are, for log lines ("analytics events"). */
  label: string;
  /** 0: group commit — write as soon as the previous write is done, batching whatever arrived meanwhile. */
  intervalMs?: number;
  batchSize?: number;
  maxPending?: number;
  retryIntervalMs?: number;
}

export interface BufferedWriter<T> {
  /** Queues an entry, written within the flush interval. */
  push(item: T): void;
  /**
   * Queues an entry and resolves once the store has committed it. Rejects when it could not be
   * written: DatabaseUnavailableError while the store is unreachable (the entry stays queued and
   * is written when it returns), or the store's error when it refused this entry (dropped).
   */
  pushAndWait(item: T): Promise<void>;
  /** Writes everything waiting; resolves once written, or once the store is found unreachable. */
  flush(): Promise<void>;
  /** Flushes and stops; entries still unwritten (store unreachable) are logged as lost. */
  close(): Promise<void>;
  readonly pending: number;
  /** Entries dropped: refused by the store, or beyond MAX_PENDING during an outage. */
  readonly dropped: number;
}

interface Entry<T> {
  item: T;
  waiter?: { resolve(): void; reject(error: unknown): void } | undefined;
}

/** The driver's own error (drizzle's wrapper repeats the statement and its parameters). */
function driverError(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}

/**
 * Collects entries and writes them in batches, so a burst costs one insert rather than one per
 * entry. It tells two failures apart:
 * - the store cannot be reached: the batch goes back to the front of the queue (at most
 *   `maxPending` entries wait) and is retried until it is written;
 * - the store refused the batch: it is split until the refused entries are found, and only those
 *   are dropped and logged — one bad entry never takes the others with it.
 */
export function createBufferedWriter<T>(options: BufferedWriterOptions<T>): BufferedWriter<T> {
  const { write, log, label } = options;
  const intervalMs = options.intervalMs ?? FLUSH_INTERVAL_MS;
  const batchSize = options.batchSize ?? FLUSH_BATCH_SIZE;
  const maxPending = options.maxPending ?? MAX_PENDING;
  const retryIntervalMs = options.retryIntervalMs ?? RETRY_INTERVAL_MS;
  let queue: Entry<T>[] = [];
  let dropped = 0;
  let droppedThisOutage = 0;
  let isUnreachable = false;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  /** Entries taken from the queue by the write under way. */
  let writing = 0;

  const schedule = (ms: number) => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    timer.unref();
  };

  /** Writes `batch`, splitting it around refused entries; returns the entries left unwritten because the store is unreachable. */
  async function writeSplitting(batch: Entry<T>[]): Promise<{ unwritten: Entry<T>[]; cause?: unknown }> {
    try {
      await write(batch.map((entry) => entry.item));
    } catch (error) {
      if (isDatabaseUnavailable(error)) return { unwritten: batch, cause: error };
      if (batch.length === 1) {
        dropped++;
        batch[0]!.waiter?.reject(error);
        log.error({ err: driverError(error) }, `${label}: the store refused one entry; it was dropped`);
        return { unwritten: [] };
      }
      const middle = Math.ceil(batch.length / 2);
      const first = await writeSplitting(batch.slice(0, middle));
      if (first.unwritten.length > 0) {
        return { unwritten: [...first.unwritten, ...batch.slice(middle)], cause: first.cause };
      }
      return writeSplitting(batch.slice(middle));
    }
    for (const entry of batch) entry.waiter?.resolve();
    return { unwritten: [] };
  }

  const unreachable = (cause?: unknown) =>
    new DatabaseUnavailableError(`${label}: the store is not reachable right now`, { cause });

  function keepForRetry(unwritten: Entry<T>[], cause: unknown): void {
    queue = [...unwritten, ...queue];
    // everyone waiting would fail the same way now; their entries are still written later
    for (const entry of queue) {
      entry.waiter?.reject(unreachable(cause));
      entry.waiter = undefined;
    }
    const excess = queue.length - maxPending;
    if (excess > 0) {
      queue = queue.slice(excess);
      dropped += excess;
      droppedThisOutage += excess;
    }
    if (!isUnreachable) {
      isUnreachable = true;
      log.warn(
        { err: driverError(cause), pending: queue.length },
        `${label}: the store is unreachable; entries are kept and retried`,
      );
    }
    schedule(retryIntervalMs);
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      writing = batch.length;
      const { unwritten, cause } = await writeSplitting(batch).finally(() => (writing = 0));
      if (unwritten.length > 0) {
        keepForRetry(unwritten, cause);
        return;
      }
      if (isUnreachable) {
        isUnreachable = false;
        log.info(
          { droppedDuringOutage: droppedThisOutage },
          `${label}: the store is reachable again; waiting entries are being written`,
        );
        droppedThisOutage = 0;
      }
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  function enqueue(entry: Entry<T>): void {
    queue.push(entry);
    if (queue.length > maxPending) {
      const oldest = queue.shift()!;
      oldest.waiter?.reject(unreachable());
      dropped++;
      droppedThisOutage++;
    }
  }

  return {
    push(item) {
      enqueue({ item });
      if (isUnreachable) return; // the retry timer is set
      if (queue.length >= batchSize || intervalMs === 0) {
        if (draining) return; // the running drain takes it
        if (intervalMs === 0) schedule(0);
        else void flush();
      } else schedule(intervalMs);
    },
    pushAndWait(item) {
      return new Promise<void>((resolve, reject) => {
        enqueue({ item, waiter: { resolve, reject } });
        if (draining) return; // the running drain takes it
        // someone waits for an answer: try now even during an outage (it fails fast then)
        clearTimeout(timer);
        timer = undefined;
        schedule(0);
      });
    },
    flush,
    async close() {
      await flush();
      clearTimeout(timer);
      timer = undefined;
      if (queue.length > 0) {
        log.error({ lost: queue.length }, `${label}: the store is unreachable at shutdown; entries lost`);
      }
    },
    get pending() {
      return queue.length + writing;
    },
    get dropped() {
      return dropped;
    },
  };
}
