import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';

/**
 * Account mails (verification links, "you already have an account" notices, reset links) one
 * mailbox may be sent per hour, whichever request asks for them.
 */
export const ACCOUNT_MAILS_PER_ADDRESS: RateLimitRule = {
  name: 'account-mails',
  points: 3,
  durationSeconds: 60 * 60,
};

/** A request that may end in an account mail. */
export interface AccountMailRequest {
  email?: string | undefined;
  ip: string;
  /** Who the per-address limits count (the request's `client`: an IPv4 address or an IPv6 network). */
  client: string;
}

/** The mailbox an address delivers to: `Ann+news@Example.com` → `ann@example.com`. */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.split('+', 1)[0]}@${domain}`;
}

/**
 * Counts one account mail to `email`: false when its mailbox has had its share, and the mail
 * must not go. Called before the address is looked up, for every address alike. The request
 * is answered the same either way (never a 429 for the address): a refusal after fewer
 * requests would tell that the address had been mailed, or registered, within the hour.
 */
export async function claimAccountMail(deps: Pick<AppDeps, 'rateLimiter'>, email: string): Promise<boolean> {
  try {
    await deps.rateLimiter.consume(ACCOUNT_MAILS_PER_ADDRESS, mailboxOf(email));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
}
