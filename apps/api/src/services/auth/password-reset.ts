import { users } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import { claimAccountMail, type AccountMailRequest } from '../mail/account-mail-limits.js';
import { passwordResetMail } from '../mail/account-mails.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { requireEmail, requireStrongPassword } from './account-input.js';
import { consumeEmailToken, issueEmailToken, voidAccountLinks } from './email-tokens.js';
import { clearLoginGuesses } from './login-throttle.js';
import { hashPassword } from './password-hashing.js';
import { RESET_REQUESTS_PER_IP } from '../rate-limits/rate-limiter.js';
import { revokeUserSessions } from './sessions.js';
import { issueDeviceToken } from './trusted-devices.js';
import { findUserByEmail, findUserById } from './users.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a password reset link. Please check your inbox.';
export const PASSWORD_RESET_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';
export const invalidResetLink = () =>
  new AppError(
    'INVALID_TOKEN',
    'This password reset link is invalid or has expired. Please request a new one.',
    400,
  );

/**
 * Mails a reset link when the address has an active account. The answer is the same, and
 * takes as long, either way: the request only queues the job (for every address alike); the
 * lookup, the token and the mail are the mail worker's.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: AccountMailRequest,
): Promise<{ message: string }> {
  await deps.rateLimiter.consume(RESET_REQUESTS_PER_IP, input.client);
  const email = requireEmail(input.email);
  const mayMail = await claimAccountMail(deps, email);
  await deps.accountMails.enqueue({ kind: 'password-reset', email, mayMail });
  return { message: RESET_REQUESTED_MESSAGE };
}

/** The mail worker's half of a reset request: a link for an active account, else nothing. */
export async function preparePasswordResetMail(
  deps: AppDeps,
  email: string,
): Promise<OutgoingMail | undefined> {
  const user = await findUserByEmail(deps, email);
  if (!user || user.isDisabled) return undefined;
  const token = await issueEmailToken(deps, user.id, 'reset-password');
  return token ? passwordResetMail(deps.config.appUrl, user.email, token) : undefined;
}

/**
 * Sets a new password from a reset link. The link works once; every open session of the
 * account ends (whoever knew the old password is logged out), the guesses counted against
 * the account are forgotten, and the browser that followed the link becomes a trusted device.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token?: string | undefined; password?: string | undefined; client: string },
  now = new Date(),
): Promise<{ message: string; deviceToken: string }> {
  if (!input.token) throw invalidResetLink();
  if (!input.password) throw validationError('Please enter a new password.', 'password');
  // Checked before the link is used up, so a weak password does not cost the user their link.
  const password = requireStrongPassword(input.password);
  const check = await consumeEmailToken(deps, input.token, 'reset-password', now);
  if (check.status !== 'valid') throw invalidResetLink();
  const user = await findUserById(deps, check.userId);
  if (!user || user.isDisabled) throw invalidResetLink();
  const passwordHash = await hashPassword(password);
  const updated = await deps.database.db
    .update(users)
    .set({
      passwordHash,
      // Following the mailed link proves the address is theirs.
      emailVerifiedAt: user.emailVerifiedAt ?? now,
      updatedAt: now,
    })
    // Only over the password the link was checked under: two resets cannot both win.
    .where(and(eq(users.id, user.id), eq(users.passwordHash, check.passwordHash)))
    .returning({ id: users.id });
  if (updated.length === 0) throw invalidResetLink();
  // Every other link of the account (email change, verification, other resets) dies with the
  // old password; device tokens do too, being signed over it. The old address's "this wasn't
  // me" link stays: it is what undoes a takeover.
  await voidAccountLinks(deps, user.id, ['undo-email-change']);
  await revokeUserSessions(deps, user.id, 'password-reset', now);
  await clearLoginGuesses(deps, { email: user.email, client: input.client });
  return {
    message: PASSWORD_RESET_MESSAGE,
    deviceToken: issueDeviceToken({ email: user.email, passwordHash }, deps.config.sessionSecret),
  };
}
