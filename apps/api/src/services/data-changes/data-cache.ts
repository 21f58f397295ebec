import type { CoreDeps } from '../../core-deps.js';
import { TtlCache } from '../../integrations/cache.js';

/** Entries are keyed by data version, so the time to live only bounds how long unused ones stay. */
const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_MAX_ENTRIES = 64;

export type DataCacheLoad<V> = (
  deps: Pick<CoreDeps, 'dataVersion'>,
  key: string,
  load: () => Promise<V>,
) => Promise<V>;

/**
 * An in-process cache of values derived from the NFL data (a week of projections, a season of
 * stats). Keys include the data version, so any import makes every earlier entry unreachable. The cache itself is
 * held by the server's data version (DataCaches), not by this module.
 */
export function createDataCache<V>(options: { ttlMs?: number; maxEntries?: number } = {}): DataCacheLoad<V> {
  const kind = {};
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  return async ({ dataVersion }, key, load) => {
    const version = await dataVersion.read();
    const cache = dataVersion.caches.of(kind, () => new TtlCache<V>({ maxEntries }));
    return cache.getOrLoad(`${version}:${key}`, ttlMs, load);
  };
}
