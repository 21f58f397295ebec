import type { Database } from '@fm/db';
import { TtlCache } from '../../integrations/cache.js';
import { readDataVersion } from './data-version.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** Entries are keyed by data version, so the time to live only bounds how long unused ones stay. */
const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_MAX_ENTRIES = 64;

export type DataCacheLoad<V> = (database: Database, key: string, load: () => Promise<V>) => Promise<V>;

/**
 * An in-process cache of values derived from the NFL data (a week of projections, a season of
 * stats). Keys include the data version, so any import makes every earlier entry unreachable.
 */
export function createDataCache<V>(options: { ttlMs?: number; maxEntries?: number } = {}): DataCacheLoad<V> {
  const cache = new TtlCache<V>({ maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  return async (database, key, load) => {
    const version = await readDataVersion(database);
    return cache.getOrLoad(`${databaseKey(database)}:${version}:${key}`, ttlMs, load);
  };
}

/** Two test servers in one process have two databases; their entries must not mix. */
let nextDatabaseId = 1;
const databaseKey = memoByIdentity((_database: Database) => nextDatabaseId++);
