import { appState, type Database } from '@fm/db';
import { eq } from 'drizzle-orm';

/** app_state key of the live-scores record, shared by every API process on the database. */
export const LIVE_SCORES_STATE_KEY = 'live_scores';

/** How the game-day refresh of the current week's stats is going. */
export interface LiveScoresStatus {
  /** The last time the week's stats were read successfully during games (ISO time). */
  updatedAt: string | null;
  /** Set while the stats service fails during games: since when live scores have not updated (ISO time). */
  pausedSince: string | null;
  lastError: string | null;
}

const NONE: LiveScoresStatus = { updatedAt: null, pausedSince: null, lastError: null };

export async function readLiveScoresStatus(database: Database): Promise<LiveScoresStatus> {
  const rows = await database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, LIVE_SCORES_STATE_KEY))
    .limit(1);
  const value = rows[0]?.value;
  return value && typeof value === 'object' ? { ...NONE, ...(value as Partial<LiveScoresStatus>) } : NONE;
}

export async function writeLiveScoresStatus(database: Database, status: LiveScoresStatus): Promise<void> {
  await database.db
    .insert(appState)
    .values({ key: LIVE_SCORES_STATE_KEY, value: status })
    .onConflictDoUpdate({ target: appState.key, set: { value: status, updatedAt: new Date() } });
}
