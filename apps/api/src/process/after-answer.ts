import type { FastifyBaseLogger } from 'fastify';
import { callingUpstreamForTheProduct } from '../integrations/upstream-caller.js';

/** More waiting follow-ups than a busy process makes between two of them finishing; later ones are dropped. */
export const MAX_WAITING_FOLLOW_UPS = 200;

/**
 * Writes a read leads to (a timeline point, ESPN's projections of a league answer) that its answer does not
 * need: they run one at a time after the answer, so no request waits for them.
 */
export interface AfterAnswer {
  /**
   * Queues `task`, unless one with the same key is waiting or running (it does the same work) or the queue
   * is full: what a dropped follow-up would have written is written by the next read or data change.
   */
  run(key: string, task: () => Promise<unknown>): void;
  /** Resolves once every follow-up queued before the call has finished. */
  settled(): Promise<void>;
  /** Stops taking follow-ups and waits for those queued. */
  stop(): Promise<void>;
}

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const keys = new Set<string>();
  let tail: Promise<void> = Promise.resolve();
  let isStopped = false;

  return {
    run(key, task) {
      if (isStopped || keys.has(key)) return;
      if (keys.size >= MAX_WAITING_FOLLOW_UPS) {
        log.warn({ key }, 'too many follow-ups waiting: this one is dropped');
        return;
      }
      keys.add(key);
      // the product's own work, once the answer is on its way, whichever request queued it
      tail = tail
        .then(() =>
          callingUpstreamForTheProduct(() =>
            new Promise<void>((resolve) => setImmediate(resolve))
              .then(task)
              .catch((error: unknown) => log.warn({ err: error, key }, 'a follow-up of a read failed'))
              .finally(() => keys.delete(key)),
          ),
        )
        .then(() => undefined);
    },
    settled: () => tail,
    async stop() {
      isStopped = true;
      await tail;
    },
  };
}
