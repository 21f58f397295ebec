import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { requireCurrentPassword } from './current-password.js';
import { revokeUserSessions, type SessionDeps } from './sessions.js';
import type { UserRow } from './users.js';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/**
 * Deletes the account of a signed-in user who types the password again (a session left open on
 * a shared computer must not be enough), and everything hanging off it (league links, mail
 * tokens cascade). Its sessions are revoked first and kept, so another signed-in device is
 * told TOKEN_REVOKED.
 */
export async function deleteOwnAccount(
  deps: AppDeps,
  input: { user: UserRow; password?: string | undefined },
): Promise<{ message: string }> {
  await requireCurrentPassword(deps, input.user, input.password);
  return deleteAccount(deps, input.user.id);
}

/** Deletes the account outright (an admin's action, or the owner's once the password is checked). */
export async function deleteAccount(
  deps: SessionDeps & Pick<AppDeps, 'simulationRecords'>,
  userId: string,
): Promise<{ message: string }> {
  await revokeUserSessions(deps, userId, 'account-deleted');
  // Its last runs go in first, so they are kept anonymously like the rest.
  await deps.simulationRecords.flush();
  await deps.database.db.delete(users).where(eq(users.id, userId));
  return { message: ACCOUNT_DELETED_MESSAGE };
}
