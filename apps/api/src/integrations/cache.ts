import { LRUCache } from 'lru-cache';

/** Least recently used entries are dropped beyond this, so per-week matchup keys cannot grow without bound. */
export const DEFAULT_MAX_ENTRIES = 1_000;

/** Process-wide counters over every TtlCache, read by the admin health page. */
export let hits = 0;
export let misses = 0;

export function resetCacheCounters(): void {
  hits = 0;
  misses = 0;
}

/** Share of lookups answered from cache, 0–100; 0 before any lookup. */
export function cacheHitRate(): number {
  const total = hits + misses;
  return total === 0 ? 0 : (hits / total) * 100;
}

const count = (isHit: boolean) => (isHit ? hits++ : misses++);

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Clock in ms, injected in tests. */
  now?: () => number;
}

/** lru-cache refuses undefined values; a box lets any value be cached. */
interface Box<V> {
  value: V;
}
type Load<V> = () => Promise<V>;

/** An in-memory LRU cache in which every entry has its own time to live, counting hits and misses. */
export class TtlCache<V = unknown> {
  private readonly lru: LRUCache<string, Box<V>, Load<V>>;

  constructor(options: TtlCacheOptions = {}) {
    this.lru = new LRUCache<string, Box<V>, Load<V>>({
      max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      // Read the clock on every lookup (no 1 ms memo), so an injected clock is obeyed at once.
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
      fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
    });
  }

  get size(): number {
    return this.lru.size;
  }

  /** The live value for `key`, counting a hit or a miss. */
  get(key: string): V | undefined {
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const box = this.lru.get(key, { status });
    count(status.get === 'hit');
    return box?.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.lru.set(key, { value }, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  /**
   * The cached value, or the result of `load` stored for `ttlMs`. Concurrent callers for the same
   * key share one load (they count as misses); a failed load is not cached.
   */
  async getOrLoad(key: string, ttlMs: number, load: Load<V>): Promise<V> {
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const pending = this.lru.fetch(key, { ttl: ttlMs, context: load, status });
    count(status.fetch === 'hit');
    const box = await pending;
    // fetchMethod always answers a box; undefined would only mean an aborted fetch, which nothing does.
    return box!.value;
  }
}
