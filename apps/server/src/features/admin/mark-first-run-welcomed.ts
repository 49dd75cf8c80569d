import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { FIRST_ADMIN_KEY } from "../../auth/grant-first-admin.ts";

/**
 * Records that the first admin has seen the first-run screen, so it is not shown again.
 * Only that user's call changes anything, and only the first one (the time stays that of
 * the first showing); anyone else's is a no-op, which keeps the route idempotent.
 */
export async function markFirstRunWelcomed(options: { db: Kysely<Database>; userId: string }): Promise<void> {
  await options.db
    .updateTable("platform_settings")
    .set({
      value: sql`"value" || jsonb_build_object('welcomedAt', ${new Date().toISOString()}::text)`,
      updatedAt: new Date(),
    })
    .where("key", "=", FIRST_ADMIN_KEY)
    .where(sql<string>`"value"->>'userId'`, "=", options.userId)
    .where(sql<boolean>`not ("value" ? 'welcomedAt')`)
    .execute();
}
