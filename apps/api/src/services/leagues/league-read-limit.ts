import type { AppDeps } from '../../deps.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';

/**
 * League reads per user per minute (pages that may ask Sleeper or Yahoo): browsing weeks and
 * leagues by hand stays far below it; a script naming league after league does not.
 */
export const LEAGUE_READS_PER_USER: RateLimitRule = {
  name: 'league-reads-user',
  points: 120,
  durationSeconds: 60,
};

/** Counts one upstream-backed league read of `userId`; 429 RATE_LIMITED with Retry-After over the limit. */
export function countLeagueRead(deps: AppDeps, userId: string): Promise<void> {
  return deps.rateLimiter.consume(
    LEAGUE_READS_PER_USER,
    userId,
    (wait) => `You have opened a lot of league pages in the last minute. Please wait ${wait} and try again.`,
  );
}
