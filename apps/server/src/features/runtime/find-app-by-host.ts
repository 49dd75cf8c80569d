import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { databaseTtlCache } from "../../http/database-ttl-cache.ts";

// Host name → app id (null: no app), for a few seconds.
const answers = databaseTtlCache<string | null>({ ttlMs: 10_000, maxEntries: 5_000 });

/**
 * The app mapped to a custom host name, or null. Every request on every host asks, so
 * answers (misses too) are cached for a few seconds; changing a mapping on this instance
 * forgets the affected names at once (other instances catch up within the TTL).
 */
export async function findAppByHost(db: Kysely<Database>, host: string): Promise<string | null> {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  const hit = answers.get(db, name);
  if (hit) return hit.value;
  const row = await db.selectFrom("apps").select(["id"]).where("customHost", "=", name).executeTakeFirst();
  answers.set(db, name, row?.id ?? null);
  return row?.id ?? null;
}

/** Drops a host name from the cache after its mapping changed. */
export function forgetCustomHost(db: Kysely<Database>, host: string | null): void {
  if (host) answers.delete(db, host.toLowerCase());
}
