import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../errors.js';
import { createCounterFactory, type RateLimitStoreOptions } from './rate-limit-store.js';

/** A budget of `points` attempts per window of `durationSeconds`, counted per key. */
export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Growing delays: `freeAttempts` attempts per `windowSeconds` go through at once; from then on
 * each attempt must wait for the previous one's delay, `firstDelaySeconds` doubling each time
 * up to `maxDelaySeconds`. Nothing is ever locked for longer than that.
 */
export interface BackoffRule {
  name: string;
  freeAttempts: number;
  windowSeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Registrations from one IP address. */
export const REGISTRATIONS_PER_IP: RateLimitRule = { name: 'register-ip', points: 30, durationSeconds: HOUR };
/** Password-reset and verification mails requested from one IP address. */
export const RESET_REQUESTS_PER_IP: RateLimitRule = { name: 'forgot-ip', points: 20, durationSeconds: HOUR };
export const RESENDS_PER_IP: RateLimitRule = { name: 'resend-ip', points: 20, durationSeconds: HOUR };

export interface RateLimiter {
  /**
   * Counts one attempt for `key` (or `points` of the budget, for an attempt priced by what it costs); throws
   * RATE_LIMITED when that goes over the budget.
   */
  consume(rule: RateLimitRule, key: string, message?: RateLimitMessage, points?: number): Promise<void>;
  /** Gives back one counted attempt (an attempt counted up front turned out fine). */
  refund(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets the attempts of `key`. */
  reset(rule: RateLimitRule, key: string): Promise<void>;
  /** Counts one event for `key` without ever refusing (failures tallied after the fact). */
  tally(rule: RateLimitRule, key: string): Promise<void>;
  /** How many events `key` has counted in its current window. */
  countOf(rule: RateLimitRule, key: string): Promise<number>;
  /** Counts one attempt under a backoff rule; throws RATE_LIMITED when it comes before its delay is over. */
  attempt(rule: BackoffRule, key: string, message?: RateLimitMessage): Promise<void>;
  /** Takes back one attempt counted by `attempt` (it turned out legitimate). */
  refundAttempt(rule: BackoffRule, key: string): Promise<void>;
  /** Forgets the attempts of `key` under a backoff rule, and any delay they earned. */
  resetAttempts(rule: BackoffRule, key: string): Promise<void>;
}

/** The sentence a 429 shows, given the wait ("a minute", "15 minutes"). */
export type RateLimitMessage = (wait: string) => string;
const DEFAULT_MESSAGE: RateLimitMessage = (wait) => `Too many attempts. Please wait ${wait} and try again.`;

/** "a minute", "15 minutes": how a person reads a wait of `seconds`. */
export function describeWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** 429 RATE_LIMITED; the HTTP layer turns `retryAfterSeconds` into a Retry-After header. */
export function rateLimited(retryAfterSeconds: number, message = DEFAULT_MESSAGE): AppError {
  return new AppError('RATE_LIMITED', message(describeWait(retryAfterSeconds)), 429, { retryAfterSeconds });
}

/** The delay an attempt numbered `count` (counted from 1) imposes on the next one, in seconds. */
export function backoffDelaySeconds(rule: BackoffRule, count: number): number {
  const doublings = Math.max(0, count - rule.freeAttempts);
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** Math.min(doublings, 30));
}

/**
 * Counters in Redis when a client is given (shared by every API process), in the database while
 * Redis is down (shared too), in this process when there is no Redis at all.
 */
export function createRateLimiter(options: RateLimitStoreOptions = {}): RateLimiter {
  const makeCounter = createCounterFactory(options);
  const counters = new Map<string, RateLimiterAbstract>();
  const counter = (keyPrefix: string, points: number, durationSeconds: number) => {
    let found = counters.get(keyPrefix);
    if (!found) {
      found = makeCounter({ keyPrefix, points, durationSeconds });
      counters.set(keyPrefix, found);
    }
    return found;
  };
  const budget = (rule: RateLimitRule) => counter(rule.name, rule.points, rule.durationSeconds);
  // Attempts under a backoff rule, counted without a cap…
  const attempts = (rule: BackoffRule) =>
    counter(`${rule.name}:count`, Number.MAX_SAFE_INTEGER, rule.windowSeconds);
  // …and the gate: one attempt per delay, the delay set by whoever opens it.
  const gate = (rule: BackoffRule) => counter(`${rule.name}:gate`, 1, rule.maxDelaySeconds);
  const normalize = (key: string) => key.trim().toLowerCase();

  return {
    async consume(rule, key, message, points = 1) {
      try {
        await budget(rule).consume(normalize(key), points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(secondsUntil(rejection), message);
        throw rejection;
      }
    },
    async refund(rule, key) {
      await budget(rule).reward(normalize(key), 1);
    },
    async reset(rule, key) {
      await budget(rule).delete(normalize(key));
    },
    async tally(rule, key) {
      await budget(rule).penalty(normalize(key), 1);
    },
    async countOf(rule, key) {
      const state = await budget(rule).get(normalize(key));
      return state?.consumedPoints ?? 0;
    },
    async attempt(rule, key, message) {
      const normalized = normalize(key);
      const { consumedPoints: count } = await attempts(rule).consume(normalized);
      if (count < rule.freeAttempts) return;
      try {
        await gate(rule).consume(normalized, 1, { customDuration: backoffDelaySeconds(rule, count) });
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Refused attempts do not lengthen the delay: only attempts that were let through do.
        await attempts(rule).reward(normalized, 1);
        throw rateLimited(secondsUntil(rejection), message);
      }
    },
    async refundAttempt(rule, key) {
      await attempts(rule).reward(normalize(key), 1);
    },
    async resetAttempts(rule, key) {
      const normalized = normalize(key);
      await Promise.all([attempts(rule).delete(normalized), gate(rule).delete(normalized)]);
    },
  };
}

function secondsUntil(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
