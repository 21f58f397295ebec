/** Oldest entries are dropped beyond this, so per-week matchup keys cannot grow without bound. */
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

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Clock in ms, injected in tests. */
  now?: () => number;
}

/** A small in-memory cache: every entry has its own time to live. */
export class TtlCache<V = unknown> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: TtlCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value for `key`, counting a hit or a miss. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    misses++;
    return undefined;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * The cached value, or the result of `load` stored for `ttlMs`. Concurrent callers for the same
   * key share one load; a failed load is not cached.
   */
  async getOrLoad(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.set(key, value, ttlMs);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}
