import { randomUUID } from 'node:crypto';
import { appState, isDatabaseUnavailable, notifyChannel, type Database } from '@fm/db';
import { eq } from 'drizzle-orm';
import { DataCaches } from './data-caches.js';

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

/**
 * This process's view of the data version: the version it last read or wrote, and the announcer
 * its changes go out through. One per process (server.ts, a CLI), passed in the dependencies.
 */
export interface DataVersion {
  /**
   * The current data version: a string that changes on every import. Caches of projections,
   * stats and the player directory key their entries by it, so an import invalidates them all.
   * While the database is unreachable the last version read still serves, so cached pages do too.
   */
  read(now?: number): Promise<string>;
  /**
   * Records that the data changed and announces it: every process sharing the database drops its
   * caches at once (or within DATA_VERSION_RECHECK_MS when it cannot hear announcements). Call it
   * after the transaction that changed the data has committed.
   */
  bump(): Promise<string>;
  /** Drops the version read last, so the next read asks the database (another process changed the data). */
  forget(): void;
  /**
   * Routes announcements through `announcer` (the data-change channel, once open), or with null
   * back to a plain NOTIFY.
   */
  announceThrough(announcer: DataChangeAnnouncer | null): void;
  /** The caches of values derived from this data (createDataCache), held as long as this view of it. */
  readonly caches: DataCaches;
}

interface KnownVersion {
  version: string;
  checkedAt: number;
}

export function createDataVersion(database: Database): DataVersion {
  let known: KnownVersion | null = null;
  let announcer: DataChangeAnnouncer | null = null;
  return {
    caches: new DataCaches(),
    async read(now = Date.now()) {
      const trustMs = announcer?.isListening ? DATA_VERSION_TRUSTED_MS : DATA_VERSION_RECHECK_MS;
      const before = known;
      if (before && now - before.checkedAt < trustMs) return before.version;
      let rows: { value: unknown }[];
      try {
        rows = await database.db
          .select({ value: appState.value })
          .from(appState)
          .where(eq(appState.key, DATA_VERSION_KEY))
          .limit(1);
      } catch (error) {
        if (before && isDatabaseUnavailable(error)) return before.version;
        throw error;
      }
      const value = rows[0]?.value;
      const version = typeof value === 'string' ? value : 'none';
      known = { version, checkedAt: now };
      return version;
    },
    async bump() {
      const version = `${Date.now()}-${randomUUID()}`;
      await database.db
        .insert(appState)
        .values({ key: DATA_VERSION_KEY, value: version })
        .onConflictDoUpdate({ target: appState.key, set: { value: version, updatedAt: new Date() } });
      known = { version, checkedAt: Date.now() };
      // a process that opened no channel (a script) still reaches processes listening on PostgreSQL
      if (announcer) await announcer.announce(version);
      else await notifyChannel(database.db, DATA_CHANGED_CHANNEL, version);
      return version;
    },
    forget() {
      known = null;
    },
    announceThrough(next) {
      announcer = next;
    },
  };
}
