import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

/** A budget of `points` attempts per rolling window of `durationSeconds`, counted per key. */
export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Failed logins for one e-mail address (guessing one account's password). */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'login-account',
  points: 5,
  durationSeconds: 15 * MINUTE,
};
/** Failed logins from one IP address (guessing across many accounts). */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = {
  name: 'login-ip',
  points: 20,
  durationSeconds: 15 * MINUTE,
};
/** Registrations from one IP address. */
export const REGISTRATIONS_PER_IP: RateLimitRule = { name: 'register-ip', points: 30, durationSeconds: HOUR };
/** Password-reset mails requested for one address, and from one IP address. */
export const RESET_REQUESTS_PER_EMAIL: RateLimitRule = {
  name: 'forgot-email',
  points: 3,
  durationSeconds: HOUR,
};
export const RESET_REQUESTS_PER_IP: RateLimitRule = { name: 'forgot-ip', points: 20, durationSeconds: HOUR };
/** Verification mails re-sent for one address, and from one IP address. */
export const RESENDS_PER_EMAIL: RateLimitRule = {
  name: 'resend-email',
  points: 3,
  durationSeconds: 15 * MINUTE,
};
export const RESENDS_PER_IP: RateLimitRule = { name: 'resend-ip', points: 20, durationSeconds: HOUR };

export interface RateLimiter {
  /** Counts one attempt for `key`; throws RATE_LIMITED when that goes over the budget. */
  consume(rule: RateLimitRule, key: string): Promise<void>;
  /** Gives back one counted attempt (an attempt counted up front turned out fine). */
  refund(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets the attempts of `key` (a successful login clears its failures). */
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

/** 429 RATE_LIMITED; the HTTP layer turns `retryAfterSeconds` into a Retry-After header. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, 429, {
    retryAfterSeconds,
  });
}

/**
 * Counters in Redis when a client is given (shared by every API process), in this process
 * otherwise. If Redis stops answering, an in-process counter stands in until it is back.
 */
export function createRateLimiter(options: { redis?: Redis | undefined } = {}): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor(rule: RateLimitRule): RateLimiterAbstract {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const base = { keyPrefix: `fm-rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
      limiter = options.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: options.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  const normalise = (key: string) => key.trim().toLowerCase();

  return {
    async consume(rule, key) {
      try {
        await limiterFor(rule).consume(normalise(key));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(secondsUntil(rejection));
        throw rejection;
      }
    },
    async refund(rule, key) {
      await limiterFor(rule).reward(normalise(key), 1);
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(normalise(key));
    },
  };
}

function secondsUntil(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
