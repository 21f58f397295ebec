import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimited } from '../services/rate-limits/rate-limiter.js';
import { upstreamShares } from './upstream-caller.js';

/**
 * A budget of calls per minute to one upstream service (Sleeper, ESPN…), for the whole product:
 * services block callers above their own limit, which would take every page that needs them
 * down for everyone. Counted in Redis when REDIS_URL is set (every API process shares it), else
 * in this process. A call over budget waits its turn (queued) up to `maxWaitMs`, then is refused.
 * People's calls (upstream-caller.ts) are also counted against their shares and against what all
 * people together may take, refused at once with 429 RATE_LIMITED past either.
 */

/**
 * The most of a budget one share (a client address, and a signed-in person besides) may spend in a
 * minute. A person's pages need a few calls each; a quarter leaves the rest for everyone else however
 * hard one script pushes, while a single busy user is not held back.
 */
export const CALLER_SHARE_OF_BUDGET = 1 / 4;
/**
 * The part of a budget kept for the product's own work (the data sync, live scores, the scoring
 * check): people together may take the rest in a minute, never this, so the sync always gets through.
 */
export const PRODUCT_RESERVE_OF_BUDGET = 1 / 4;

/** Waiting longer than this for the budget is worse than telling the person to retry. */
export const DEFAULT_BUDGET_MAX_WAIT_MS = 10_000;
const WINDOW_SECONDS = 60;

export interface UpstreamBudget {
  /** The service's name, as logs and errors say it. */
  readonly service: string;
  /**
   * Takes one call, waiting for the budget; answers null, or the refusal when the wait would be too long.
   * Throws 429 RATE_LIMITED when the current caller has spent its share.
   */
  take(): Promise<null | { retryAfterMs: number }>;
}

export interface UpstreamBudgetOptions {
  service: string;
  /** How people read the service's name in a refusal ("Sleeper"); `service` when omitted. */
  label?: string;
  callsPerMinute: number;
  redis?: Redis | undefined;
  maxWaitMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUpstreamBudget(options: UpstreamBudgetOptions): UpstreamBudget {
  const limiter = counter(options.redis, {
    keyPrefix: `fm-upstream:${options.service}`,
    points: options.callsPerMinute,
    duration: WINDOW_SECONDS,
  });
  const callerShare = counter(options.redis, {
    keyPrefix: `fm-upstream-caller:${options.service}`,
    points: Math.max(1, Math.floor(options.callsPerMinute * CALLER_SHARE_OF_BUDGET)),
    duration: WINDOW_SECONDS,
  });
  const everyone = counter(options.redis, {
    keyPrefix: `fm-upstream-people:${options.service}`,
    points: Math.max(1, Math.floor(options.callsPerMinute * (1 - PRODUCT_RESERVE_OF_BUDGET))),
    duration: WINDOW_SECONDS,
  });
  const label = options.label ?? options.service;
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
    async take() {
      const shares = upstreamShares();
      if (shares.length > 0) {
        for (const share of shares) {
          await consumeOrRefuse(
            callerShare,
            share,
            (wait) =>
              `You have asked ${label} for a lot in the last minute. Please wait ${wait} and try again.`,
          );
        }
        await consumeOrRefuse(
          everyone,
          'people',
          (wait) => `${label} is in heavy demand right now. Please wait ${wait} and try again.`,
        );
      }
      const turn = queue.then(takeInOrder, takeInOrder);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** Counts one call against `key`; past the limit, 429 RATE_LIMITED with the wait. */
async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: (wait: string) => string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), message);
  }
}

// While Redis is down, each process keeps its own count (no process stops calling).
function counter(
  redis: Redis | undefined,
  base: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({
        ...base,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(base),
      })
    : new RateLimiterMemory(base);
}
