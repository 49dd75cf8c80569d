/**
 * A small answer cache kept per database handle — several platforms share one process in
 * tests and must never see each other's answers — whose entries expire after `ttlMs`, and
 * which is emptied when it reaches `maxEntries` (a cheap bound: the hot keys come back at
 * once). For lookups that every request of some kind makes and that may be briefly stale
 * (a custom host's app, a published app's host boot, an end user's existence).
 */
export type DatabaseTtlCache<V> = {
  /** The cached answer, or undefined when there is none or it expired. */
  get(db: object, key: string): { value: V } | undefined;
  set(db: object, key: string, value: V): void;
  delete(db: object, key: string): void;
  /** Drops every answer the test picks (after something they depend on changed). */
  deleteWhere(db: object, test: (value: V) => boolean): void;
};

export function databaseTtlCache<V>(options: { ttlMs: number; maxEntries: number }): DatabaseTtlCache<V> {
  const caches = new WeakMap<object, Map<string, { value: V; at: number }>>();
  const cacheOf = (db: object) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    return cache;
  };
  return {
    get(db, key) {
      const hit = caches.get(db)?.get(key);
      return hit && Date.now() - hit.at < options.ttlMs ? { value: hit.value } : undefined;
    },
    set(db, key, value) {
      const cache = cacheOf(db);
      if (cache.size >= options.maxEntries) cache.clear();
      cache.set(key, { value, at: Date.now() });
    },
    delete(db, key) {
      caches.get(db)?.delete(key);
    },
    deleteWhere(db, test) {
      const cache = caches.get(db);
      if (!cache) return;
      for (const [key, entry] of cache) if (test(entry.value)) cache.delete(key);
    },
  };
}
