import type { DataChangeEvent } from '@fm/contract';
import type { Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { DataChangeChannel } from '../data-changes/data-change-channel.js';
import { readDataVersion } from '../data-changes/data-version.js';

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
  readonly subscriberCount: number;
  /** Ends every open subscription (the server is stopping). */
  close(): void;
}

interface Subscriber {
  pending: DataChangeEvent | null;
  wake: (() => void) | null;
}

/** Versions are written as `<epoch ms>-<uuid>` (bumpDataVersion): the time is the change's. */
export function dataChangeEvent(version: string): DataChangeEvent {
  const millis = Number(version.split('-')[0]);
  const isTimed = version !== 'none' && Number.isSafeInteger(millis) && millis > 0;
  return { version, changedAt: isTimed ? new Date(millis).toISOString() : null };
}

export function createDataChangeFeed(deps: {
  database: Database;
  channel: Pick<DataChangeChannel, 'onDataChange'>;
  log: FastifyBaseLogger;
}): DataChangeFeed {
  const subscribers = new Set<Subscriber>();
  let lastVersion: string | null = null;
  let isClosed = false;
  let isReading = false;
  let isReadAgain = false;

  // thousands of pages connecting at once share one read of the version
  let reading: Promise<DataChangeEvent> | null = null;
  const current = () =>
    (reading ??= readDataVersion(deps.database)
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
        for (const subscriber of subscribers) {
          subscriber.pending = event;
          subscriber.wake?.();
        }
      } while (isReadAgain && !isClosed);
    } catch (error) {
      // the next announcement or the client's resumption catches up
      deps.log.warn({ err: error }, 'could not read the data version to push to open pages');
    } finally {
      isReading = false;
    }
  }
  const stopListening = deps.channel.onDataChange(() => void publish());

  async function* changes(signal?: AbortSignal): AsyncGenerator<DataChangeEvent, void, undefined> {
    const subscriber: Subscriber = { pending: null, wake: null };
    subscribers.add(subscriber);
    const onAbort = () => subscriber.wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!isClosed && !signal?.aborted) {
        const event = subscriber.pending;
        if (event) {
          subscriber.pending = null;
          yield event;
          continue;
        }
        await new Promise<void>((resolve) => (subscriber.wake = resolve));
        subscriber.wake = null;
      }
    } finally {
      subscribers.delete(subscriber);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    current,
    changes,
    get subscriberCount() {
      return subscribers.size;
    },
    close() {
      isClosed = true;
      stopListening();
      for (const subscriber of subscribers) subscriber.wake?.();
    },
  };
}
