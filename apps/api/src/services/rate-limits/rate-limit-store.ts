import { rateLimits, type Database } from '@fm/db';
import type { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface CounterOptions {
  /** Names the counter family; keys of different families never collide. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitStoreOptions {
  /** Shared counters for every API process (REDIS_URL). */
  redis?: Redis | undefined;
  /** Where the counters go while Redis is unavailable, so every process still shares them. */
  database?: Database | undefined;
}

/**
 * Makes one rate-limiter-flexible counter family. With Redis, counters live there; while Redis
 * is down (not ready, or a command fails) they move to the database's rate_limits table, which
 * every process shares too, so a limit never becomes a per-process limit. Without a database
 * to fall back on, or without Redis at all, they live in this process.
 */
export function createCounterFactory(
  options: RateLimitStoreOptions,
): (counter: CounterOptions) => RateLimiterAbstract {
  let isSweeperCreated = false;
  return ({ keyPrefix, points, durationSeconds }) => {
    const base = { keyPrefix: `fm-rl:${keyPrefix}`, points, duration: durationSeconds };
    if (!options.redis) return new RateLimiterMemory(base);
    // One family deletes rows expired for an hour, every few minutes, for all of them.
    const clearExpiredByTimeout = !isSweeperCreated;
    isSweeperCreated = true;
    const fallback = options.database
      ? new RateLimiterDrizzle({
          ...base,
          storeClient: options.database.db,
          schema: rateLimits,
          clearExpiredByTimeout,
        })
      : new RateLimiterMemory(base);
    return new RateLimiterRedis({
      ...base,
      storeClient: options.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: fallback,
    });
  };
}
