import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";

const TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;
// One cache per database, so platforms sharing a process (tests) never see each other's hosts.
const caches = new WeakMap<object, Map<string, { appId: string | null; at: number }>>();
function cacheOf(db: object) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The app mapped to a custom host name, or null. Every request on every host asks, so
 * answers (misses too) are cached for a few seconds; changing a mapping on this instance
 * forgets the affected names at once (other instances catch up within the TTL).
 */
export async function findAppByHost(db: Kysely<Database>, host: string): Promise<string | null> {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  const cache = cacheOf(db);
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.appId;
  const row = await db.selectFrom("apps").select(["id"]).where("customHost", "=", name).executeTakeFirst();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(name, { appId: row?.id ?? null, at: Date.now() });
  return row?.id ?? null;
}

/** Drops a host name from the cache after its mapping changed. */
export function forgetCustomHost(db: Kysely<Database>, host: string | null): void {
  if (host) cacheOf(db).delete(host.toLowerCase());
}
