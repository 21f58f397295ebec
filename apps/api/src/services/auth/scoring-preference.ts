import type { ScoringFormat } from '@fm/contract';
import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';

/**
 * Who a projections answer is for: their saved scoring comes with the request's sign-in (the session lookup
 * reads the user row, and the session cache keeps it), so a default-scoring page costs no query of its own and
 * is still served from the cache while the database is unreachable.
 */
export type ScoringViewer = Pick<typeof users.$inferSelect, 'id' | 'scoringFormat'>;

/** The scoring a person saved in their preferences, or null when they never said. */
export async function readScoringPreference(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
): Promise<ScoringFormat | null> {
  const [row] = await deps.database.db
    .select({ scoringFormat: users.scoringFormat })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.scoringFormat ?? null;
}

/** Keeps the scoring a person chose, so the API answers in it where a request does not name one. */
export async function saveScoringPreference(
  deps: Pick<AppDeps, 'database' | 'sessionCache'>,
  userId: string,
  scoring: ScoringFormat,
): Promise<void> {
  await deps.database.db
    .update(users)
    .set({ scoringFormat: scoring, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // the cached sign-ins carry the saved scoring (ScoringViewer): they are read again
  await deps.sessionCache.forgetUser(userId);
}
