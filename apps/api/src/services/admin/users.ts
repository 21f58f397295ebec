import { voidAccountLinks } from '../auth/email-tokens.js';
import { users } from '@fm/db';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { deleteAccount } from '../auth/account-deletion.js';
import { revokeUserSessions, type SessionDeps } from '../auth/sessions.js';

export const MAX_USERS_LISTED = 10_000;

/** A user as the admin user list shows it. */
export interface AdminUserItem {
  id: string;
  email: string;
  role: 'admin' | 'user';
  isDisabled: boolean;
  /** Whether the account followed its verification link. */
  emailVerified: boolean;
  signupIp: string | null;
  createdAt: string;
  lastActiveAt: string | null;
  archivedAt: string | null;
}

type UserRow = typeof users.$inferSelect;

function toItem(row: UserRow): AdminUserItem {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    isDisabled: row.isDisabled,
    emailVerified: row.emailVerifiedAt !== null,
    signupIp: row.signupIp,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

const notYourself = (action: string) =>
  new AppError(
    'CANNOT_MODIFY_SELF',
    `You cannot ${action} your own account. Ask another admin to do it.`,
    409,
  );

/** Every account, newest first. */
export async function listUsers(deps: Pick<AppDeps, 'database'>): Promise<AdminUserItem[]> {
  const rows = await deps.database.db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(MAX_USERS_LISTED);
  return rows.map(toItem);
}

/**
 * Disables or enables an account. Disabling ends its sessions at once; enabling also lifts an
 * archival. An admin cannot disable themself.
 */
export async function setUserDisabled(
  deps: SessionDeps,
  actorId: string,
  userId: string,
  isDisabled: boolean,
  now = new Date(),
): Promise<AdminUserItem> {
  if (actorId === userId && isDisabled) throw notYourself('disable');
  const [row] = await deps.database.db
    .update(users)
    .set({ isDisabled, updatedAt: now, ...(isDisabled ? {} : { archivedAt: null }) })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('No such user.');
  if (isDisabled) {
    await revokeUserSessions(deps, userId, 'account-disabled', now);
    // A disabled account keeps no way in by mail: every link it was sent stops working.
    await voidAccountLinks(deps, userId);
  } else await deps.sessionCache.forgetUser(userId);
  return toItem(row);
}

/**
 * Deletes an account for good: its sessions end (and no longer name it), its league links and
 * mail tokens go with it, its analytics events are deleted and its simulations kept anonymously.
 */
export async function deleteUser(
  deps: SessionDeps & Pick<AppDeps, 'monitoring' | 'simulationRecords'>,
  actorId: string,
  userId: string,
): Promise<{ id: string; email: string }> {
  if (actorId === userId) throw notYourself('delete');
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('No such user.');
  await deleteAccount(deps, userId);
  await deps.monitoring.eventStore.deleteUserEvents(userId);
  return { id: row.id, email: row.email };
}
