import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseTtlCache } from "./database-ttl-cache.ts";

describe("databaseTtlCache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps answers (null too) per database until they expire", () => {
    vi.useFakeTimers();
    const cache = databaseTtlCache<string | null>({ ttlMs: 1000, maxEntries: 10 });
    const one = {};
    const two = {};
    cache.set(one, "a", null);
    expect(cache.get(one, "a")).toEqual({ value: null });
    expect(cache.get(two, "a")).toBeUndefined();
    vi.advanceTimersByTime(999);
    expect(cache.get(one, "a")).toEqual({ value: null });
    vi.advanceTimersByTime(1);
    expect(cache.get(one, "a")).toBeUndefined();
  });

  it("forgets one key, the answers a test picks, and everything at the size bound", () => {
    const cache = databaseTtlCache<number>({ ttlMs: 60_000, maxEntries: 3 });
    const db = {};
    cache.set(db, "a", 1);
    cache.set(db, "b", 2);
    cache.set(db, "c", 3);
    cache.delete(db, "a");
    cache.deleteWhere(db, (value) => value === 2);
    expect([cache.get(db, "a"), cache.get(db, "b"), cache.get(db, "c")]).toEqual([
      undefined,
      undefined,
      { value: 3 },
    ]);
    cache.set(db, "d", 4);
    cache.set(db, "e", 5);
    // Full at 3: the next answer starts a new map.
    cache.set(db, "f", 6);
    expect([cache.get(db, "c"), cache.get(db, "f")]).toEqual([undefined, { value: 6 }]);
  });
});
