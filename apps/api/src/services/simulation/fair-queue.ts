import { AppError } from '../../errors.js';

/**
 * A queue in front of the simulation threads that serves users in turn (the user with the fewest
 * tasks started goes next), not in arrival order: when the threads are full, a user who queued ten
 * simulations delays someone else's by at most the ones already running, never by all ten. It is
 * bounded; when full, a new task is refused at once with 503 SIMULATION_BUSY and a Retry-After
 * instead of waiting behind a queue that cannot drain soon.
 */

/** A refusal's wait, in seconds, when the queue is full and no timing is known yet. */
const DEFAULT_RETRY_AFTER_SECONDS = 2;
/** Weight of the newest run in the moving average of run times (used for Retry-After). */
const RUN_TIME_SMOOTHING = 0.2;

export interface FairQueueOptions {
  /** Tasks that may run at once (what the pool's threads hold). */
  concurrency: number;
  /** Tasks that may wait; the next one is refused. */
  maxWaiting: number;
}

interface Waiting {
  start: () => void;
}

export interface FairQueue {
  /** Runs `task` when `owner`'s turn comes; throws SIMULATION_BUSY at once when the queue is full. */
  run<T>(owner: string, task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
  /** Tasks it holds at most, running and waiting; the next is refused. */
  readonly capacity: number;
}

export function simulationBusy(retryAfterSeconds: number): AppError {
  return new AppError(
    'SIMULATION_BUSY',
    `The simulator is busy right now. Please try again in ${retryAfterSeconds} s.`,
    503,
    { retryAfterSeconds },
  );
}

interface OwnerState {
  waiting: Waiting[];
  /** Tasks started since the owner last had nothing queued or running: the fewest goes next. */
  started: number;
  running: number;
}

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const concurrency = Math.max(1, options.concurrency);
  // Map order is arrival order, which breaks ties between owners served equally often.
  const owners = new Map<string, OwnerState>();
  let running = 0;
  let waiting = 0;
  let averageRunMs: number | null = null;

  const nextOwner = (): OwnerState | undefined => {
    let chosen: OwnerState | undefined;
    for (const state of owners.values()) {
      if (state.waiting.length > 0 && (!chosen || state.started < chosen.started)) chosen = state;
    }
    return chosen;
  };

  const dispatch = () => {
    while (running < concurrency && waiting > 0) {
      const owner = nextOwner()!;
      const next = owner.waiting.shift()!;
      owner.started += 1;
      owner.running += 1;
      waiting -= 1;
      running += 1;
      next.start();
    }
  };

  const retryAfterSeconds = () => {
    if (averageRunMs === null) return DEFAULT_RETRY_AFTER_SECONDS;
    const drainMs = ((waiting + running) * averageRunMs) / concurrency;
    return Math.max(1, Math.ceil(drainMs / 1000));
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    get capacity() {
      return concurrency + options.maxWaiting;
    },
    run(owner, task) {
      if (running >= concurrency && waiting >= options.maxWaiting) {
        return Promise.reject(simulationBusy(retryAfterSeconds()));
      }
      let state = owners.get(owner);
      if (!state) {
        state = { waiting: [], started: 0, running: 0 };
        owners.set(owner, state);
      }
      const ownerState = state;
      return new Promise((resolve, reject) => {
        const start = () => {
          const startedAt = performance.now();
          task()
            .then(resolve, reject)
            .finally(() => {
              const ms = performance.now() - startedAt;
              averageRunMs =
                averageRunMs === null ? ms : averageRunMs + RUN_TIME_SMOOTHING * (ms - averageRunMs);
              running -= 1;
              ownerState.running -= 1;
              if (ownerState.running === 0 && ownerState.waiting.length === 0) owners.delete(owner);
              dispatch();
            });
        };
        ownerState.waiting.push({ start });
        waiting += 1;
        dispatch();
      });
    },
  };
}
