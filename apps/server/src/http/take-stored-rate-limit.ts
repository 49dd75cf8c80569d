import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * The stored rate limit, for rare actions that must hold across instances and restarts
 * (plan requests, app e-mails). Frequent, cheap guards use the in-memory takeRateLimit
 * (rate-limit.ts) instead: a write per request would cost more than what it protects.
 *
 * Counts one action against a limit of `max` per `windowMs`, in Postgres (`rate_limit_hits`),
 * so it holds across instances and restarts. The action is recorded before counting and the
 * count includes it: of concurrent callers, the k-th sees at least k hits, so a burst cannot
 * slip past. A refused action removes its hit (only actions that happened count). Old hits of
 * the key are dropped as it goes, so the table stays the size of the live windows.
 */
export async function takeStoredRateLimit(
  db: Kysely<Database>,
  options: { key: string; max: number; windowMs: number; message: string },
): Promise<void> {
  const { key, max, windowMs, message } = options;
  const since = new Date(Date.now() - windowMs);
  const hit = await db
    .insertInto("rate_limit_hits")
    .values({ key })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom("rate_limit_hits")
    .select(sql<number>`count(*)::int`.as("hits"))
    .where("key", "=", key)
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  if (row.hits > max) {
    await db.deleteFrom("rate_limit_hits").where("id", "=", hit.id).execute();
    throw new AppError("RATE_LIMITED", message);
  }
  await db.deleteFrom("rate_limit_hits").where("key", "=", key).where("at", "<=", since).execute();
}
