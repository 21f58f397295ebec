import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import {
  emailChangedNoticeMail,
  emailChangeMail,
  emailChangePendingMail,
  emailChangeTakenMail,
} from '../mail/account-change-mails.js';
import { requireEmail } from './account-input.js';
import { requireCurrentPassword } from './current-password.js';
import { consumeEmailToken, issueEmailToken, voidAccountLinks, voidLinks } from './email-tokens.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';
import { findUserByEmail, findUserById, type UserRow } from './users.js';

/** Confirmation mails one account may have sent to new addresses. */
export const EMAIL_CHANGE_REQUESTS_PER_ACCOUNT: RateLimitRule = {
  name: 'email-change-account',
  points: 5,
  durationSeconds: 60 * 60,
};

export const emailChangeRequestedMessage = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your email changes when you follow it; until then you keep logging in with your current address.`;
export const EMAIL_CHANGED_MESSAGE = 'Your email address has been changed. Use it the next time you log in.';
export const invalidEmailChangeLink = () =>
  new AppError(
    'INVALID_TOKEN',
    'This email confirmation link is invalid or has expired. Please ask for a new one from Settings.',
    400,
  );
export const emailAddressTaken = () =>
  new AppError(
    'EMAIL_TAKEN',
    'That email address now belongs to another account, so your email was not changed.',
    409,
  );

/**
 * Mails a confirmation link to the new address of a signed-in user who knows their password.
 * Nothing changes until the link is followed. An address that already has an account gets a
 * notice instead of a link, and the answer is the same either way.
 */
export async function requestEmailChange(
  deps: AppDeps,
  input: { user: UserRow; password?: string | undefined; newEmail?: string | undefined },
  now = new Date(),
): Promise<{ message: string }> {
  const { user } = input;
  const newEmail = requireEmail(input.newEmail, 'Please enter the new email address.');
  if (newEmail === user.email.toLowerCase())
    throw validationError('That is already your email address.', 'newEmail');
  await requireCurrentPassword(deps, user, input.password);
  await deps.rateLimiter.consume(EMAIL_CHANGE_REQUESTS_PER_ACCOUNT, user.id);
  const owner = await findUserByEmail(deps, newEmail);
  if (owner) {
    deps.mailer.sendInBackground(emailChangeTakenMail(deps.config.appUrl, newEmail));
  } else {
    const token = await issueEmailToken(deps, user.id, 'change-email', now, newEmail);
    const cancelToken = await issueEmailToken(deps, user.id, 'cancel-email-change', now);
    deps.mailer.sendInBackground(emailChangeMail(deps.config.appUrl, newEmail, token));
    deps.mailer.sendInBackground(
      emailChangePendingMail(deps.config.appUrl, user.email, newEmail, cancelToken),
    );
  }
  return { message: emailChangeRequestedMessage(newEmail) };
}

/**
 * Follows a confirmation link: the account moves to the new address, which counts as verified
 * (the link reached it), and the old address is told.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string | undefined,
  now = new Date(),
): Promise<{ message: string; email: string }> {
  if (!token) throw invalidEmailChangeLink();
  const check = await consumeEmailToken(deps, token, 'change-email', now);
  if (check.status !== 'valid' || !check.newEmail) throw invalidEmailChangeLink();
  const user = await findUserById(deps, check.userId);
  if (!user || user.isDisabled) throw invalidEmailChangeLink();
  const newEmail = check.newEmail;
  if (await findUserByEmail(deps, newEmail)) throw emailAddressTaken();
  const updated = await deps.database.db
    .update(users)
    .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning({ id: users.id })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update (unique index).
      if (isUniqueViolation(error)) throw emailAddressTaken();
      throw error;
    });
  if (updated.length === 0) throw invalidEmailChangeLink();
  // Links mailed to the old address (a reset, a verification) must not outlive the move; device
  // tokens, signed over the address, end too.
  await voidAccountLinks(deps, user.id);
  deps.mailer.sendInBackground(emailChangedNoticeMail(deps.config.appUrl, user.email, newEmail));
  return { message: EMAIL_CHANGED_MESSAGE, email: newEmail };
}

export const EMAIL_CHANGE_CANCELLED_MESSAGE = 'The email change was cancelled. Your email stays the same.';

/**
 * Follows the cancel link mailed to the current address: every pending change of the account
 * stops working. False when the link is unknown, used or expired.
 */
export async function cancelEmailChange(
  deps: AppDeps,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const check = await consumeEmailToken(deps, token, 'cancel-email-change', now);
  if (check.status !== 'valid') return false;
  await voidLinks(deps, check.userId, ['change-email', 'cancel-email-change']);
  return true;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}
