import type { DataChangeEvent } from '@fm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DataChangeChannel } from '../data-changes/data-change-channel.js';
import type { DataVersion } from '../data-changes/data-version.js';

/**
 * Fans data changes out to the open connections of this process: it hears the data-change
 * channel once (whichever process made the change), re-reads the version once, and hands the
 * event to every subscriber; no subscriber asks the database or Redis anything itself.
 */
export interface DataChangeFeed {
  /** The version served now. */
  current(): Promise<DataChangeEvent>;
  /** Every later change until `signal` aborts or the feed closes; only the newest is kept for a slow reader. */
  changes(signal?: AbortSignal): AsyncGenerator<DataChangeEvent, void, undefined>;
  /**
   * Calls `listener` at once with every later change until the returned function is called or the
   * feed closes (`listener(null)`): no promise or timer per subscriber, for thousands of open streams.
   */
  subscribe(listener: (event: DataChangeEvent | null) => void): () => void;
  readonly subscriberCount: number;
  /** Ends every open subscription (the server is stopping). */
  close(): void;
}

type Listener = (event: DataChangeEvent | null) => void;

/** Versions are written as `<epoch ms>-<uuid>` (DataVersion.bump): the time is the change's. */
export function dataChangeEvent(version: string): DataChangeEvent {
  const millis = Number(version.split('-')[0]);
  const isTimed = version !== 'none' && Number.isSafeInteger(millis) && millis > 0;
  return { version, changedAt: isTimed ? new Date(millis).toISOString() : null };
}

export function createDataChangeFeed(deps: {
  dataVersion: DataVersion;
  channel: Pick<DataChangeChannel, 'onDataChange'>;
  log: FastifyBaseLogger;
}): DataChangeFeed {
  const subscribers = new Set<Listener>();
  let lastVersion: string | null = null;
  let isClosed = false;
  let isReading = false;
  let isReadAgain = false;

  // thousands of pages connecting at once share one read of the version
  let reading: Promise<DataChangeEvent> | null = null;
  const current = () =>
    (reading ??= deps.dataVersion
      .read()
      .then(dataChangeEvent)
      .finally(() => (reading = null)));

  /** One read per burst of announcements, however many connections are open. */
  async function publish(): Promise<void> {
    if (isReading) {
      isReadAgain = true;
      return;
    }
    isReading = true;
    try {
      do {
        isReadAgain = false;
        const event = await current();
        if (event.version === lastVersion) continue;
        lastVersion = event.version;
        for (const listener of subscribers) listener(event);
      } while (isReadAgain && !isClosed);
    } catch (error) {
      // the next announcement or the client's resumption catches up
      deps.log.warn({ err: error }, 'could not read the data version to push to open pages');
    } finally {
      isReading = false;
    }
  }
  const stopListening = deps.channel.onDataChange(() => void publish());

  function subscribe(listener: Listener): () => void {
    if (isClosed) {
      listener(null);
      return () => {};
    }
    subscribers.add(listener);
    return () => void subscribers.delete(listener);
  }

  async function* changes(signal?: AbortSignal): AsyncGenerator<DataChangeEvent, void, undefined> {
    let pending: DataChangeEvent | null = null;
    let wake: (() => void) | null = null;
    const unsubscribe = subscribe((event) => {
      pending = event ?? pending;
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!isClosed && !signal?.aborted) {
        const event: DataChangeEvent | null = pending;
        if (event) {
          pending = null;
          yield event;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    current,
    changes,
    subscribe,
    get subscriberCount() {
      return subscribers.size;
    },
    close() {
      isClosed = true;
      stopListening();
      for (const listener of [...subscribers]) listener(null);
      subscribers.clear();
    },
  };
}
