import type { AppDeps } from '../../deps.js';
import type { BackoffRule, RateLimitMessage, RateLimitRule } from '../rate-limits/rate-limiter.js';
import { rateLimited } from '../rate-limits/rate-limiter.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Guesses at one account from one address: 5 at once, then 1, 2, 4, 8 and 15 minutes apart. */
export const LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS: BackoffRule = {
  name: 'login-account-address',
  freeAttempts: 5,
  windowSeconds: DAY,
  firstDelaySeconds: MINUTE,
  maxDelaySeconds: 15 * MINUTE,
};
/**
 * The same counter once the address has failed too often across accounts: one guess at each
 * account, then the delays start.
 */
export const LOGIN_GUESSES_PER_ACCOUNT_FROM_SUSPECT_ADDRESS: BackoffRule = {
  ...LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS,
  freeAttempts: 1,
};
/**
 * Guesses at one account from every address together (a botnet): 20 at once, then 30 s apart,
 * doubling up to an hour. A browser that has signed in to the account before is exempt.
 */
export const LOGIN_GUESSES_PER_ACCOUNT: BackoffRule = {
  name: 'login-account',
  freeAttempts: 20,
  windowSeconds: DAY,
  firstDelaySeconds: 30,
  maxDelaySeconds: HOUR,
};
/**
 * Failed logins from one address across accounts (password spraying). Past this, the address
 * is suspect: it gets one guess per account before the delays, and a wrong password answers 429.
 * It never refuses a correct password for an account the address has not been guessing: behind
 * a shared address (an office, a carrier's NAT) one guesser must not lock everyone else out.
 */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = {
  name: 'login-ip',
  points: 20,
  durationSeconds: 15 * MINUTE,
};
/** Successful logins from one address (each opens a session row): scripted sign-ins stop here. */
export const LOGIN_SUCCESSES_PER_ADDRESS: RateLimitRule = {
  name: 'login-success-ip',
  points: 60,
  durationSeconds: 10 * MINUTE,
};

/** Points the owner to the way in that no guesser can block: a reset link by mail. */
export const loginRateLimitedMessage: RateLimitMessage = (wait) =>
  `Too many sign-in attempts. Please wait ${wait} and try again, or use "Forgot Password?" to get a link that lets you sign in now.`;

export interface LoginAttempt {
  email: string;
  /** Who the per-address limits count (the request's `client`). */
  client: string;
  /** The browser has signed in to this account before (see trusted-devices). */
  isTrustedDevice: boolean;
  /** Set by beginLoginAttempt: the address had failed too often across accounts. */
  isFromSuspectAddress?: boolean;
}

const accountAndAddress = (attempt: Pick<LoginAttempt, 'email' | 'client'>) =>
  `${attempt.email}|${attempt.client}`;

/**
 * Counts a login attempt before its password is checked, so a parallel burst of guesses cannot
 * all slip in under the limits; throws 429 RATE_LIMITED (with the wait) when it comes too soon.
 * A refused attempt is not counted.
 */
export async function beginLoginAttempt(deps: Pick<AppDeps, 'rateLimiter'>, attempt: LoginAttempt) {
  const { rateLimiter } = deps;
  const addressFailures = await rateLimiter.countOf(LOGIN_FAILURES_PER_ADDRESS, attempt.client);
  attempt.isFromSuspectAddress = addressFailures >= LOGIN_FAILURES_PER_ADDRESS.points;
  await rateLimiter.attempt(
    attempt.isFromSuspectAddress
      ? LOGIN_GUESSES_PER_ACCOUNT_FROM_SUSPECT_ADDRESS
      : LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS,
    accountAndAddress(attempt),
    loginRateLimitedMessage,
  );
  if (!attempt.isTrustedDevice)
    await rateLimiter.attempt(LOGIN_GUESSES_PER_ACCOUNT, attempt.email, loginRateLimitedMessage);
}

/**
 * The password was wrong: the address's failures grow. From a suspect address the answer is a
 * 429 with the address's wait rather than "Invalid email or password.".
 */
export async function endLoginAttemptAsGuess(deps: Pick<AppDeps, 'rateLimiter'>, attempt: LoginAttempt) {
  await deps.rateLimiter.tally(LOGIN_FAILURES_PER_ADDRESS, attempt.client);
  if (attempt.isFromSuspectAddress)
    throw rateLimited(
      LOGIN_GUESSES_PER_ACCOUNT_FROM_SUSPECT_ADDRESS.firstDelaySeconds,
      loginRateLimitedMessage,
    );
}

/**
 * The password was right: the attempt was no guess, and this address's guesses at the account
 * are forgotten. Guesses from elsewhere still count (the owner's trusted browsers skip them):
 * only a password reset, or the end of their window, clears those. Successes from one address
 * are limited too, each opening a session.
 */
export async function endLoginAttemptAsOwner(deps: Pick<AppDeps, 'rateLimiter'>, attempt: LoginAttempt) {
  const { rateLimiter } = deps;
  await Promise.all([
    rateLimiter.resetAttempts(LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS, accountAndAddress(attempt)),
    attempt.isTrustedDevice ? undefined : rateLimiter.refundAttempt(LOGIN_GUESSES_PER_ACCOUNT, attempt.email),
  ]);
  await rateLimiter.consume(LOGIN_SUCCESSES_PER_ADDRESS, attempt.client, loginRateLimitedMessage);
}

/** After a password reset: the account starts with no guesses against it. */
export async function clearLoginGuesses(
  deps: Pick<AppDeps, 'rateLimiter'>,
  owner: Pick<LoginAttempt, 'email' | 'client'>,
) {
  await Promise.all([
    deps.rateLimiter.resetAttempts(LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS, accountAndAddress(owner)),
    deps.rateLimiter.resetAttempts(LOGIN_GUESSES_PER_ACCOUNT, owner.email),
  ]);
}
