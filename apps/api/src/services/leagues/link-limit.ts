import type { AppDeps } from '../../deps.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';

/**
 * Accounts and leagues linked (Sleeper, ESPN, Yahoo) per user per minute. Each try asks the platform
 * for the account and its leagues; a person links a handful once and fixes a typo or two, while a
 * script trying name after name would spend the product's call budget for everyone.
 */
export const LINKS_PER_USER: RateLimitRule = { name: 'league-links-user', points: 5, durationSeconds: 60 };

/** Counts one linking try of `userId`; 429 RATE_LIMITED with Retry-After over the limit. */
export function countLinkAttempt(deps: AppDeps, userId: string): Promise<void> {
  return deps.rateLimiter.consume(
    LINKS_PER_USER,
    userId,
    (wait) =>
      `You have tried to link a lot of accounts in the last minute. Please wait ${wait} and try again.`,
  );
}
