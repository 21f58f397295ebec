import type { ScoringFormat } from '@fm/contract';
import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';

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
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  scoring: ScoringFormat,
): Promise<void> {
  await deps.database.db
    .update(users)
    .set({ scoringFormat: scoring, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
