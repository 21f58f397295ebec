/** Writes wait at most this long before they are sent in one batch. */
export const FLUSH_INTERVAL_MS = 1_000;
/** A batch this big is sent at once. */
export const FLUSH_BATCH_SIZE = 200;
/** While the store is unreachable, at most this many entries wait; the oldest are dropped. */
export const MAX_PENDING = 10_000;

export interface BufferedWriter<T> {
  push(item: T): void;
  /** Sends everything waiting; resolves when the store has it. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
  readonly pending: number;
  readonly dropped: number;
}

/**
 * Collects entries and writes them in batches, so a burst of failing requests costs one
 * insert per second rather than one per request. A failed write is logged and its batch dropped.
 */
export function createBufferedWriter<T>(
  write: (batch: T[]) => Promise<void>,
  onWriteError: (error: unknown, droppedCount: number) => void,
  { intervalMs = FLUSH_INTERVAL_MS, batchSize = FLUSH_BATCH_SIZE } = {},
): BufferedWriter<T> {
  let queue: T[] = [];
  let dropped = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (queue.length === 0) return inFlight;
    const batch = queue;
    queue = [];
    inFlight = inFlight.then(() => write(batch)).catch((error: unknown) => onWriteError(error, batch.length));
    return inFlight;
  };

  return {
    push(item) {
      queue.push(item);
      if (queue.length > MAX_PENDING) {
        queue.shift();
        dropped++;
      }
      if (queue.length >= batchSize) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), intervalMs).unref();
    },
    flush,
    close: flush,
    get pending() {
      return queue.length;
    },
    get dropped() {
      return dropped;
    },
  };
}
