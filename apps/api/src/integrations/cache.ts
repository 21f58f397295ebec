import { LRUCache } from 'lru-cache';

/** Least recently used entries are dropped beyond this, so per-week matchup keys cannot grow without bound. */
export const DEFAULT_MAX_ENTRIES = 1_000;

/** Lookups of a cache (or of several) answered from it and not. */
export interface CacheLookups {
  hits: number;
  misses: number;
}

/** The lookups of several caches together. */
export function sumLookups(caches: Iterable<{ lookups: CacheLookups }>): CacheLookups {
  const total = { hits: 0, misses: 0 };
  for (const { lookups } of caches) {
    total.hits += lookups.hits;
    total.misses += lookups.misses;
  }
  return total;
}

/** Share of lookups answered from cache, 0–100; 0 before any lookup. */
export function cacheHitRate({ hits, misses }: CacheLookups): number {
  const total = hits + misses;
  return total === 0 ? 0 : (hits / total) * 100;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Clock in ms, injected in tests. */
  now?: () => number;
}

/** lru-cache refuses undefined values; a box lets any value be cached. */
interface Box<V> {
  value: V;
  /** When the value was loaded, on the cache's clock. */
  loadedAt: number;
}
type Load<V> = () => Promise<V>;

/** An in-memory LRU cache in which every entry has its own time to live, counting hits and misses. */
export class TtlCache<V = unknown> {
  private readonly lru: LRUCache<string, Box<V>, Load<V>>;
  private readonly now: () => number;
  /** Background loads of getOrRevalidate, one per key. */
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly counts: CacheLookups = { hits: 0, misses: 0 };

  constructor(options: TtlCacheOptions = {}) {
    const now = options.now ?? (() => performance.now());
    this.now = now;
    this.lru = new LRUCache<string, Box<V>, Load<V>>({
      max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      // Read the clock on every lookup (no 1 ms memo), so an injected clock is obeyed at once.
      ttlResolution: 0,
      perf: { now },
      fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load(), loadedAt: now() }),
    });
  }

  get size(): number {
    return this.lru.size;
  }

  /** This cache's lookups since it was created. */
  get lookups(): CacheLookups {
    return { ...this.counts };
  }

  private count(isHit: boolean): void {
    if (isHit) this.counts.hits++;
    else this.counts.misses++;
  }

  /** The live value for `key`, counting a hit or a miss. */
  get(key: string): V | undefined {
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const box = this.lru.get(key, { status });
    this.count(status.get === 'hit');
    return box?.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.lru.set(key, { value, loadedAt: this.now() }, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /**
   * Drops every loaded entry. Loads under way are left to finish and answer their callers (the LRU's own clear
   * aborts them, and each of their callers would get an error for a load that was going well).
   */
  clear(): void {
    for (const key of [...this.lru.keys()]) this.lru.delete(key);
  }

  /**
   * The cached value, or the result of `load` stored for `ttlMs`. Concurrent callers for the same
   * key share one load (they count as misses); a failed load is not cached.
   */
  async getOrLoad(key: string, ttlMs: number, load: Load<V>): Promise<V> {
    const status: LRUCache.Status<string, Box<V>, Load<V>> = {};
    const pending = this.lru.fetch(key, { ttl: ttlMs, context: load, status });
    this.count(status.fetch === 'hit');
    const box = await pending;
    // fetchMethod always answers a box; undefined would only mean an aborted fetch, which nothing does.
    return box!.value;
  }

  /**
   * Stale-while-revalidate: the cached value while younger than `freshMs`; up to `servableMs` the cached value at
   * once while one background load replaces it (a failed one keeps it); older or absent, the result of `load`.
   * Answers how old the value is, so a caller can say how fresh what it shows is.
   */
  async getOrRevalidate(
    key: string,
    ages: { freshMs: number; servableMs: number },
    load: Load<V>,
  ): Promise<{ value: V; ageMs: number }> {
    const held = this.lru.get(key);
    if (held) {
      const ageMs = this.now() - held.loadedAt;
      this.count(true);
      if (ageMs >= ages.freshMs && !this.refreshing.has(key)) {
        const refresh = load()
          .then((value) => void this.lru.set(key, { value, loadedAt: this.now() }, { ttl: ages.servableMs }))
          .catch(() => undefined)
          .finally(() => this.refreshing.delete(key));
        this.refreshing.set(key, refresh);
      }
      return { value: held.value, ageMs };
    }
    const value = await this.getOrLoad(key, ages.servableMs, load);
    return { value, ageMs: 0 };
  }

  /** Background loads still running (tests wait for them). */
  async settled(): Promise<void> {
    await Promise.all(this.refreshing.values());
  }
}
