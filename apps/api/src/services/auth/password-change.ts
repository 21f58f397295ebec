import { sessions, users } from '@fm/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import { passwordChangedMail } from '../mail/account-change-mails.js';
import { requireCurrentPassword } from './current-password.js';
import { voidAccountLinks } from './email-tokens.js';
import { hashPassword } from './password-hashing.js';
import { describePasswordProblem } from '@fm/contract';
import type { SessionRow } from './sessions.js';
import { issueDeviceToken } from './trusted-devices.js';
import type { UserRow } from './users.js';

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Other devices signed in to your account have been signed out.';
/** Why the other sessions ended: the web app tells a signed-out device this reason. */
export const PASSWORD_CHANGED_SESSION_REASON = 'password-change';

/**
 * Sets a new password for a signed-in user who knows the current one. Every other session of
 * the account ends (a device someone else holds is signed out); this one stays open. The
 * account's address is told by mail.
 */
export async function changePassword(
  deps: AppDeps,
  input: {
    user: UserRow;
    session: SessionRow;
    currentPassword?: string | undefined;
    newPassword?: string | undefined;
  },
  now = new Date(),
): Promise<{ message: string; deviceToken: string }> {
  const { user, session } = input;
  if (!input.newPassword) throw validationError('Please enter a new password.', 'newPassword');
  const newPassword = input.newPassword;
  const problem = describePasswordProblem(newPassword);
  if (problem) throw validationError(problem, 'newPassword');
  await requireCurrentPassword(deps, user, input.currentPassword);
  if (newPassword === input.currentPassword)
    throw validationError('The new password must differ from the current one.', 'newPassword');
  const { db } = deps.database;
  const passwordHash = await hashPassword(newPassword);
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  // Links mailed before (a reset, an email change someone asked for) die with the old password;
  // device tokens do too, being signed over it. This browser gets a new one. The old address's
  // "this wasn't me" link stays: whoever took an account changes its password first.
  await voidAccountLinks(deps, user.id, ['undo-email-change']);
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: PASSWORD_CHANGED_SESSION_REASON })
    .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id), isNull(sessions.revokedAt)));
  await deps.sessionCache.forgetUser(user.id);
  deps.mailer.sendInBackground(passwordChangedMail(deps.config.appUrl, user.email));
  return {
    message: PASSWORD_CHANGED_MESSAGE,
    deviceToken: issueDeviceToken({ email: user.email, passwordHash }, deps.config.sessionSecret),
  };
}
