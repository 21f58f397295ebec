import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { revokeUserSessions } from './sessions.js';
import { flushSimulationRecords } from '../simulation/record.js';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/**
 * Deletes the account and everything hanging off it (league links, mail tokens cascade).
 * Its sessions are revoked first and kept, so another signed-in device is told TOKEN_REVOKED.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<{ message: string }> {
  await revokeUserSessions(deps, userId, 'account-deleted');
  // Its last runs go in first, so they are kept anonymously like the rest.
  await flushSimulationRecords(deps.database);
  await deps.database.db.delete(users).where(eq(users.id, userId));
  return { message: ACCOUNT_DELETED_MESSAGE };
}
