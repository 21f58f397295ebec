import type { AppDeps } from '../../deps.js';
import type { RateLimitMessage, RateLimitRule } from '../rate-limits/rate-limiter.js';

/**
 * Account mails (verification links, "you already have an account" notices, reset links) one
 * mailbox may be sent per hour, whichever request asks for them.
 */
export const ACCOUNT_MAILS_PER_ADDRESS: RateLimitRule = {
  name: 'account-mails',
  points: 3,
  durationSeconds: 60 * 60,
};

const tooManyMails: RateLimitMessage = (wait) =>
  `We have already sent several emails to this address. Please check your inbox and spam folder, or try again in ${wait}.`;

/** A request that may end in an account mail. */
export interface AccountMailRequest {
  email?: string | undefined;
  ip: string;
  /** Settles once the request's answer is sent: the lookups and the mail wait for it. */
  answerSent?: Promise<unknown> | undefined;
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
 * Counts one account mail to `email`, or throws 429 RATE_LIMITED when its mailbox has had its
 * share. Called before the address is looked up, for every address alike, so neither the
 * answer nor its timing tells whether the address has an account.
 */
export async function claimAccountMail(deps: Pick<AppDeps, 'rateLimiter'>, email: string): Promise<void> {
  await deps.rateLimiter.consume(ACCOUNT_MAILS_PER_ADDRESS, mailboxOf(email), tooManyMails);
}
