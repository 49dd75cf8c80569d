import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";

/** "Last seen" is shown to the minute-ish; writing it more often would only cost writes. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
const MAX_REMEMBERED = 10_000;
// When this process last wrote each user's lastSeenAt, per database (tests run several
// platforms in one process). Lets token use skip the database entirely between writes.
const lastWrites = new WeakMap<object, Map<string, number>>();

/**
 * Records that an end user was seen (login or app token use): at most one write per user
 * per LAST_SEEN_RESOLUTION_MS from this process, and the update's own condition keeps
 * several instances from writing more often than that either.
 */
export async function touchAppUserSeen(
  db: Kysely<Database>,
  appUserId: string,
  now: number = Date.now(),
): Promise<void> {
  let writes = lastWrites.get(db);
  if (!writes) {
    writes = new Map();
    lastWrites.set(db, writes);
  }
  const last = writes.get(appUserId);
  if (last !== undefined && now - last < LAST_SEEN_RESOLUTION_MS) return;
  if (writes.size >= MAX_REMEMBERED) writes.clear();
  writes.set(appUserId, now);
  const stale = new Date(now - LAST_SEEN_RESOLUTION_MS);
  await db
    .updateTable("app_users")
    .set({ lastSeenAt: new Date(now) })
    .where("id", "=", appUserId)
    .where((eb) => eb.or([eb("lastSeenAt", "is", null), eb("lastSeenAt", "<", stale)]))
    .execute();
}
