import type { FastifyBaseLogger } from 'fastify';
import { callingUpstreamForTheProduct } from '../integrations/upstream-caller.js';

/** More waiting follow-ups than a busy process makes between two of them finishing; later ones are dropped. */
export const MAX_WAITING_FOLLOW_UPS = 200;

/**
 * Writes a read leads to (the viewer noted, a timeline point, ESPN's projections of a league answer) that its
 * answer does not need: they run one at a time after the answer, so no page waits for them. Measured on Home with
 * an ESPN league: the card answered in 1,406 ms while it waited for them, 750 ms without (load average 9).
 */
export interface AfterAnswer {
  /**
   * Queues `task`, unless one with the same key is waiting or running (it does the same work) or the queue
   * is full: what a dropped follow-up would have written is written by the next read or data change.
   */
  run(key: string, task: () => Promise<unknown>): void;
  /** Resolves once the follow-ups queued before the call (only those whose key starts with `keyPrefix`) are done. */
  settled(keyPrefix?: string): Promise<void>;
  /** Stops taking follow-ups and waits for those queued. */
  stop(): Promise<void>;
}

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const queued = new Map<string, Promise<void>>();
  let tail: Promise<void> = Promise.resolve();
  let isStopped = false;

  return {
    run(key, task) {
      if (isStopped || queued.has(key)) return;
      if (queued.size >= MAX_WAITING_FOLLOW_UPS) {
        log.warn({ key }, 'too many follow-ups waiting: this one is dropped');
        return;
      }
      // the product's own work, once the answer is on its way, whichever request queued it
      tail = tail.then(() =>
        callingUpstreamForTheProduct(() =>
          new Promise<void>((resolve) => setImmediate(resolve))
            .then(task)
            .then(() => undefined)
            .catch((error: unknown) => log.warn({ err: error, key }, 'a follow-up of a read failed'))
            .finally(() => queued.delete(key)),
        ),
      );
      queued.set(key, tail);
    },
    async settled(keyPrefix) {
      if (keyPrefix === undefined) return tail;
      await Promise.all([...queued].filter(([key]) => key.startsWith(keyPrefix)).map(([, done]) => done));
    },
    async stop() {
      isStopped = true;
      await tail;
    },
  };
}
