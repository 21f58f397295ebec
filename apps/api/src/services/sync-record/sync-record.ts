import { appState, type Database } from '@fm/db';
import { eq } from 'drizzle-orm';

// The Sleeper sync's record: data-sync writes it; admin reads it and other services read the NFL week
// from it, so it sits below every one of them.

/** app_state key of the Sleeper sync's record (shared by every API process on the database). */
export const SLEEPER_SYNC_STATE_KEY = 'data_sync:sleeper';

export interface SyncProgress {
  startedAt: string;
  /** What is being fetched or written, e.g. "stats 2025 week 3". */
  step: string;
  done: number;
  total: number;
}

export interface NflWeekRef {
  season: number;
  week: number;
  seasonType: string;
}

/** What the Sleeper sync remembers between runs, and what the admin Sources tab shows. */
export interface SleeperSyncRecord {
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Null after a successful run. */
  lastError: string | null;
  consecutiveFailures: number;
  /** Rows created or updated by the last finished run (0 when nothing was new). */
  lastRowsChanged: number;
  /** The NFL week as the upstream last told it. */
  nflWeek: NflWeekRef | null;
  /** When the player directory was last read (it is large: read at most a few times a day). */
  directoryFetchedAt: string | null;
  /** "season:week" of completed weeks whose stats (or projections) are final and never fetched again. */
  finalStatWeeks: string[];
  finalProjectionWeeks: string[];
  /** "season:week" of completed weeks whose ESPN projections were read (or ESPN has none): not asked again. */
  finalEspnWeeks: string[];
  /** When a run last asked ESPN for projections, and when it last got through. */
  espnAttemptAt: string | null;
  espnSuccessAt: string | null;
  /** Why the last run's ESPN projections step stopped; null when it went through. */
  espnError: string | null;
  /** When the model last ran: ESPN rows stored since (by league pages) make the next run refit. */
  modelRunAt: string | null;
  /** Set while a run is under way (by whichever process runs it). */
  running: SyncProgress | null;
}

export function emptySyncRecord(): SleeperSyncRecord {
  return {
    lastAttemptAt: null,
    lastSuccessAt: null,
    lastError: null,
    consecutiveFailures: 0,
    lastRowsChanged: 0,
    nflWeek: null,
    directoryFetchedAt: null,
    finalStatWeeks: [],
    finalProjectionWeeks: [],
    finalEspnWeeks: [],
    espnAttemptAt: null,
    espnSuccessAt: null,
    espnError: null,
    modelRunAt: null,
    running: null,
  };
}

export const weekKey = (season: number, week: number) => `${season}:${week}`;

export async function readSyncRecord(database: Database): Promise<SleeperSyncRecord> {
  const [row] = await database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, SLEEPER_SYNC_STATE_KEY))
    .limit(1);
  return { ...emptySyncRecord(), ...((row?.value as Partial<SleeperSyncRecord> | undefined) ?? {}) };
}

export async function writeSyncRecord(database: Database, record: SleeperSyncRecord): Promise<void> {
  await database.db
    .insert(appState)
    .values({ key: SLEEPER_SYNC_STATE_KEY, value: record })
    .onConflictDoUpdate({ target: appState.key, set: { value: record, updatedAt: new Date() } });
}
