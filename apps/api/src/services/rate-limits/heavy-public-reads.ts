import type { AppDeps } from '../../deps.js';
import type { RateLimitRule } from './rate-limiter.js';

/**
 * Public reads that cost real work on every call (the NFL stats pages compute a season's metrics for
 * each answer: ~80 ms and ~190 kB a call), per client address per minute. A person changing filters
 * makes a few a minute; sixty keeps one address to about a twelfth of a core.
 */
export const HEAVY_PUBLIC_READS_PER_ADDRESS: RateLimitRule = {
  name: 'heavy-public-reads-address',
  points: 60,
  durationSeconds: 60,
};

/** Counts one heavy public read from `address`; 429 RATE_LIMITED with Retry-After over the limit. */
export function countHeavyPublicRead(deps: AppDeps, address: string): Promise<void> {
  return deps.rateLimiter.consume(
    HEAVY_PUBLIC_READS_PER_ADDRESS,
    address,
    (wait) => `Too many statistics requests in the last minute. Please wait ${wait} and try again.`,
  );
}

/**
 * Counts one projections list read by `client` (PROJECTION_LISTS_PER_MINUTE a minute, signed in or not);
 * 429 RATE_LIMITED with Retry-After over the limit.
 */
export function countProjectionListRead(deps: AppDeps, client: string): Promise<void> {
  return deps.rateLimiter.consume(
    { name: 'projection-lists-address', points: deps.config.projectionListsPerMinute, durationSeconds: 60 },
    client,
    (wait) => `Too many projections requests in the last minute. Please wait ${wait} and try again.`,
  );
}
