import { randomUUID } from 'node:crypto';
import { appState, isDatabaseUnavailable, notifyChannel, type Database } from '@fm/db';
import { eq } from 'drizzle-orm';

/** The app_state key whose value changes whenever NFL data, projections or players change. */
export const DATA_VERSION_KEY = 'nfl_data_version';
/**
 * How long a process trusts the version it last read while it cannot hear announcements (none
 * open, or its channel is down): a change made elsewhere is seen within this time.
 */
export const DATA_VERSION_RECHECK_MS = 5_000;
/** PostgreSQL NOTIFY channel, and the prefix of the Redis one, on which data changes are announced. */
export const DATA_CHANGED_CHANNEL = 'fm_data_changed';
/** While announcements arrive, they carry every change; the version is still re-read this often. */
export const DATA_VERSION_TRUSTED_MS = 60_000;

/** How a process tells the others that it changed the data, and hears that they did. */
export interface DataChangeAnnouncer {
  /** True while announcements from other processes can arrive. */
  readonly isListening: boolean;
  announce(version: string): Promise<void>;
}

interface KnownVersion {
  version: string;
  checkedAt: number;
}

const knownVersions = new WeakMap<Database, KnownVersion>();
const announcers = new WeakMap<Database, DataChangeAnnouncer>();

/** Routes this database's announcements through `announcer` (see data-change-channel.ts). */
export function useDataChangeAnnouncer(database: Database, announcer: DataChangeAnnouncer | null): void {
  if (announcer) announcers.set(database, announcer);
  else announcers.delete(database);
}

/** Drops the version read last, so the next read asks the database (another process changed the data). */
export function forgetDataVersion(database: Database): void {
  knownVersions.delete(database);
}

/**
 * The current data version: a string that changes on every import. Caches of projections,
 * stats and the player directory key their entries by it, so an import invalidates them all.
 * While the database is unreachable the last version read still serves, so cached pages do too.
 */
export async function readDataVersion(database: Database, now = Date.now()): Promise<string> {
  const known = knownVersions.get(database);
  const trustMs = announcers.get(database)?.isListening ? DATA_VERSION_TRUSTED_MS : DATA_VERSION_RECHECK_MS;
  if (known && now - known.checkedAt < trustMs) return known.version;
  let rows: { value: unknown }[];
  try {
    rows = await database.db
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, DATA_VERSION_KEY))
      .limit(1);
  } catch (error) {
    if (known && isDatabaseUnavailable(error)) return known.version;
    throw error;
  }
  const value = rows[0]?.value;
  const version = typeof value === 'string' ? value : 'none';
  knownVersions.set(database, { version, checkedAt: now });
  return version;
}

/**
 * Records that the data changed, once the writes are committed, and announces it: every process
 * sharing the database drops its caches at once (or within DATA_VERSION_RECHECK_MS when it
 * cannot hear announcements). Call it after the transaction that changed the data has committed.
 */
export async function bumpDataVersion(database: Database): Promise<string> {
  const version = `${Date.now()}-${randomUUID()}`;
  await database.db
    .insert(appState)
    .values({ key: DATA_VERSION_KEY, value: version })
    .onConflictDoUpdate({ target: appState.key, set: { value: version, updatedAt: new Date() } });
  knownVersions.set(database, { version, checkedAt: Date.now() });
  const announcer = announcers.get(database);
  // a process that opened no channel (a script) still reaches processes listening on PostgreSQL
  if (announcer) await announcer.announce(version);
  else await notifyChannel(database.db, DATA_CHANGED_CHANNEL, version);
  return version;
}
