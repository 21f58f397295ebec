import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';

/** How often a lost Redis connection is reported in the log (it retries far more often). */
const REDIS_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * The Redis client behind REDIS_URL, or undefined. Commands fail fast while it is down
 * (no offline queue), so callers fall back to in-process state instead of hanging.
 */
export function connectRedis(config: Pick<Config, 'redisUrl'>, log: FastifyBaseLogger): Redis | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  let lastLoggedAt = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLoggedAt < REDIS_ERROR_LOG_INTERVAL_MS) return;
    lastLoggedAt = Date.now();
    log.warn(
      { err: error },
      'Redis (REDIS_URL) is not answering; rate limits are counted in the database until it is back',
    );
  });
  return redis;
}
