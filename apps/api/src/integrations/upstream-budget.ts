import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * A budget of calls per minute to one upstream service (Sleeper, ESPN…), for the whole product:
 * services block callers above their own limit, which would take every page that needs them
 * down for everyone. Counted in Redis when REDIS_URL is set (every API process shares it), else
 * in this process. A call over budget waits its turn (queued) up to `maxWaitMs`, then is refused.
 */

/** Waiting longer than this for the budget is worse than telling the person to retry. */
export const DEFAULT_BUDGET_MAX_WAIT_MS = 10_000;
const WINDOW_SECONDS = 60;

export interface UpstreamBudget {
  /** The service's name, as logs and errors say it. */
  readonly service: string;
  /** Takes one call, waiting for the budget; answers null, or the refusal when the wait would be too long. */
  take(): Promise<null | { retryAfterMs: number }>;
}

export interface UpstreamBudgetOptions {
  service: string;
  callsPerMinute: number;
  redis?: Redis | undefined;
  maxWaitMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUpstreamBudget(options: UpstreamBudgetOptions): UpstreamBudget {
  const base = {
    keyPrefix: `fm-upstream:${options.service}`,
    points: options.callsPerMinute,
    duration: WINDOW_SECONDS,
  };
  // While Redis is down, each process keeps its own share of the budget (no process stops calling).
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        ...base,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(base),
      })
    : new RateLimiterMemory(base);
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_BUDGET_MAX_WAIT_MS;
  const sleep = options.sleep ?? realSleep;
  // Calls wait in arrival order: each waiter takes its turn only after the one before it.
  let queue: Promise<unknown> = Promise.resolve();

  const takeInOrder = async (): Promise<null | { retryAfterMs: number }> => {
    let waitedMs = 0;
    for (;;) {
      try {
        await limiter.consume('calls');
        return null;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const waitMs = Math.max(1, rejection.msBeforeNext);
        if (waitedMs + waitMs > maxWaitMs) return { retryAfterMs: waitMs };
        await sleep(waitMs);
        waitedMs += waitMs;
      }
    }
  };

  return {
    service: options.service,
    take() {
      const turn = queue.then(takeInOrder, takeInOrder);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
