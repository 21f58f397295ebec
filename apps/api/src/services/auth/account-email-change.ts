import { users } from '@fm/db';
import { and, eq } from 'drizzle-orm';
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
import {
  consumeEmailToken,
  issueEmailToken,
  passwordStampOf,
  voidAccountLinks,
  voidLinks,
} from './email-tokens.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { unusablePasswordHash } from './password-hashing.js';
import { revokeUserSessions } from './sessions.js';
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
 * Has a confirmation link mailed to the new address of a signed-in user who knows their
 * password. Nothing changes until the link is followed. An address that already has an account
 * gets a notice instead of a link; the request only queues the job, so the answer is the same,
 * in the same time, either way. The links are bound to the password just checked: a reset that
 * lands around this request voids them, whenever the worker issues them.
 */
export async function requestEmailChange(
  deps: AppDeps,
  input: { user: UserRow; password?: string | undefined; newEmail?: string | undefined },
): Promise<{ message: string }> {
  const { user } = input;
  const newEmail = requireEmail(input.newEmail, 'Please enter the new email address.');
  if (newEmail === user.email.toLowerCase())
    throw validationError('That is already your email address.', 'newEmail');
  await requireCurrentPassword(deps, user, input.password);
  await deps.rateLimiter.consume(EMAIL_CHANGE_REQUESTS_PER_ACCOUNT, user.id);
  await deps.accountMails.enqueue({
    kind: 'email-change',
    userId: user.id,
    newEmail,
    passwordStamp: passwordStampOf(user.passwordHash),
  });
  return { message: emailChangeRequestedMessage(newEmail) };
}

/** The mail worker's half of an email change: the link and the notice to the current address, or the "taken" notice. */
export async function prepareEmailChangeMails(
  deps: AppDeps,
  job: { userId: string; newEmail: string; passwordStamp: string },
): Promise<OutgoingMail[]> {
  const { appUrl } = deps.config;
  const user = await findUserById(deps, job.userId);
  if (!user || user.isDisabled) return [];
  if (await findUserByEmail(deps, job.newEmail)) return [emailChangeTakenMail(appUrl, job.newEmail)];
  const bound = { underPasswordStamp: job.passwordStamp };
  const token = await issueEmailToken(deps, user.id, 'change-email', { ...bound, newEmail: job.newEmail });
  const cancelToken = token && (await issueEmailToken(deps, user.id, 'cancel-email-change', bound));
  if (!token || !cancelToken) return [];
  return [
    emailChangeMail(appUrl, job.newEmail, token),
    emailChangePendingMail(appUrl, user.email, job.newEmail, cancelToken),
  ];
}

/**
 * Follows a confirmation link: the account moves to the new address, which counts as verified
 * (the link reached it), and the old address is told, with a "this wasn't me" link that works
 * for days and moves the account back. The move happens only over the password the link was
 * checked under, so a reset that lands meanwhile wins.
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
    .where(and(eq(users.id, user.id), eq(users.passwordHash, check.passwordHash)))
    .returning({ id: users.id })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update (unique index).
      if (isUniqueViolation(error)) throw emailAddressTaken();
      throw error;
    });
  if (updated.length === 0) throw invalidEmailChangeLink();
  // Links mailed to the old address (a reset, a verification) must not outlive the move; device
  // tokens, signed over the address, end too. "This wasn't me" links of earlier moves stay, so
  // moving the account twice cannot take the first address's way back.
  await voidAccountLinks(deps, user.id, ['undo-email-change']);
  await deps.sessionCache.forgetUser(user.id);
  await deps.accountMails.enqueue({
    kind: 'email-changed-notice',
    userId: user.id,
    oldEmail: user.email,
    newEmail,
  });
  return { message: EMAIL_CHANGED_MESSAGE, email: newEmail };
}

/** The mail worker's half of a done email change: the notice to the old address, with its own "this wasn't me" link. */
export async function prepareEmailChangedNotice(
  deps: AppDeps,
  job: { userId: string; oldEmail: string; newEmail: string },
): Promise<OutgoingMail | undefined> {
  const undoToken = await issueEmailToken(deps, job.userId, 'undo-email-change', {
    newEmail: job.oldEmail,
    keepsEarlier: true,
  });
  return undoToken
    ? emailChangedNoticeMail(deps.config.appUrl, job.oldEmail, job.newEmail, undoToken)
    : undefined;
}

export const EMAIL_CHANGE_UNDONE_MESSAGE =
  'Your account is back at this address and every device was signed out. Choose a new password to log in.';
export const invalidAccountChangeLink = () =>
  new AppError(
    'INVALID_TOKEN',
    'This link is invalid, has expired or was used already, so nothing was changed.',
    400,
  );

/**
 * Follows the "this wasn't me" link mailed to the old address after a change, once its owner has
 * confirmed on the page it opens (a POST; opening the link changes nothing, so a mail scanner cannot
 * undo a change made on purpose): the account moves back to that address, every session ends, every
 * link dies, and the password (which whoever moved it may know) is wiped. Answers the token of a link
 * that lets the owner choose a new one; 400 INVALID_TOKEN when the link is unknown, expired or used,
 * or the old address has another account now.
 */
export async function undoEmailChange(
  deps: AppDeps,
  token: string | undefined,
  now = new Date(),
): Promise<{ message: string; choosePasswordToken: string }> {
  if (!token) throw invalidAccountChangeLink();
  const check = await consumeEmailToken(deps, token, 'undo-email-change', now);
  if (check.status !== 'valid' || !check.newEmail) throw invalidAccountChangeLink();
  const oldEmail = check.newEmail;
  const owner = await findUserByEmail(deps, oldEmail);
  if (owner && owner.id !== check.userId) throw invalidAccountChangeLink();
  const restored = await deps.database.db
    .update(users)
    .set({ email: oldEmail, passwordHash: unusablePasswordHash(), emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, check.userId))
    .returning({ id: users.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  if (restored.length === 0) throw invalidAccountChangeLink();
  await voidAccountLinks(deps, check.userId);
  await revokeUserSessions(deps, check.userId, 'email-change-undone', now);
  const choosePasswordToken = await issueEmailToken(deps, check.userId, 'reset-password', { now });
  if (!choosePasswordToken) throw invalidAccountChangeLink();
  return { message: EMAIL_CHANGE_UNDONE_MESSAGE, choosePasswordToken };
}

export const EMAIL_CHANGE_CANCELLED_MESSAGE = 'The email change was cancelled. Your email stays the same.';

/**
 * Follows the cancel link mailed to the current address, once its owner has confirmed on the page it
 * opens (a POST; opening the link changes nothing): every pending change of the account stops
 * working. 400 INVALID_TOKEN when the link is unknown, used or expired.
 */
export async function cancelEmailChange(
  deps: AppDeps,
  token: string | undefined,
  now = new Date(),
): Promise<{ message: string }> {
  if (!token) throw invalidAccountChangeLink();
  const check = await consumeEmailToken(deps, token, 'cancel-email-change', now);
  if (check.status !== 'valid') throw invalidAccountChangeLink();
  await voidLinks(deps, check.userId, ['change-email', 'cancel-email-change']);
  return { message: EMAIL_CHANGE_CANCELLED_MESSAGE };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}
