import { sessions } from '@fm/db';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';

/** Open sessions one account may hold; a login beyond this ends the oldest (scripted logins add rows). */
export const MAX_SESSIONS_PER_ACCOUNT = 10;
/** Why such a session ended: the device that held it is told it was signed out. */
export const SESSION_CAP_REASON = 'session-limit';

/** Ends the account's open sessions beyond the newest MAX_SESSIONS_PER_ACCOUNT. */
export async function endSessionsBeyondCap(deps: AppDeps, userId: string, now = new Date()): Promise<void> {
  const { db } = deps.database;
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const beyond = open.slice(MAX_SESSIONS_PER_ACCOUNT).map((row) => row.id);
  if (beyond.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: SESSION_CAP_REASON })
    .where(and(inArray(sessions.id, beyond), isNull(sessions.revokedAt)));
}
