import type { TtlCache } from '../../integrations/cache.js';

/**
 * The caches of values derived from the NFL data (createDataCache), one per kind, held by the data version they
 * are keyed by: a server's caches are its own (two test servers in one process never share an entry or a count),
 * and the health pages read their lookups from the dependencies.
 */
export class DataCaches {
  private readonly byKind = new Map<object, TtlCache<unknown>>();

  /** The cache of one kind of value (`kind`: the identity createDataCache gives it), made on first use. */
  of<V>(kind: object, create: () => TtlCache<V>): TtlCache<V> {
    let cache = this.byKind.get(kind) as TtlCache<V> | undefined;
    if (!cache) {
      cache = create();
      this.byKind.set(kind, cache as TtlCache<unknown>);
    }
    return cache;
  }

  get all(): Iterable<TtlCache<unknown>> {
    return this.byKind.values();
  }
}
