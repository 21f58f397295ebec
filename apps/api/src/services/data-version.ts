import { randomUUID } from 'node:crypto';
import { appState, type Database, type Db } from '@fm/db';
import { eq } from 'drizzle-orm';

/** The app_state key whose value changes whenever NFL data, projections or players change. */
export const DATA_VERSION_KEY = 'nfl_data_version';
/**
 * How long a process trusts the version it last read. Another process (the CLI importer, a
 * second API process) that changes the data is seen within this time.
 */
export const DATA_VERSION_RECHECK_MS = 5_000;

interface KnownVersion {
  version: string;
  checkedAt: number;
}

const knownVersions = new WeakMap<Database, KnownVersion>();

/**
 * The current data version: a string that changes on every import. Caches of projections,
 * stats and the player directory key their entries by it, so an import invalidates them all.
 */
export async function readDataVersion(database: Database, now = Date.now()): Promise<string> {
  const known = knownVersions.get(database);
  if (known && now - known.checkedAt < DATA_VERSION_RECHECK_MS) return known.version;
  const [row] = await database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, DATA_VERSION_KEY))
    .limit(1);
  const version = typeof row?.value === 'string' ? row.value : 'none';
  knownVersions.set(database, { version, checkedAt: now });
  return version;
}

/** Records that the data changed; this process sees it at once, others within the recheck time. */
export async function bumpDataVersion(database: Database, db: Db = database.db): Promise<string> {
  const version = `${Date.now()}-${randomUUID()}`;
  await db
    .insert(appState)
    .values({ key: DATA_VERSION_KEY, value: version })
    .onConflictDoUpdate({ target: appState.key, set: { value: version, updatedAt: new Date() } });
  knownVersions.set(database, { version, checkedAt: Date.now() });
  return version;
}
