import type { Database } from "@liftoff/db";
import type { FirstRun } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { FIRST_ADMIN_KEY } from "../../auth/grant-first-admin.ts";

/**
 * Whether `userId` is the account the first-run grant made admin and has not yet been
 * shown the first-run screen. The answer lives in the grant's own platform_settings row
 * (`welcomedAt` beside `userId`), so "once" holds across browsers and devices, and an
 * install whose admins come from ADMIN_EMAILS (no grant, no row) never shows it.
 */
export async function readFirstRun(options: { db: Kysely<Database>; userId: string }): Promise<FirstRun> {
  const row = await options.db
    .selectFrom("platform_settings")
    .select("value")
    .where("key", "=", FIRST_ADMIN_KEY)
    .executeTakeFirst();
  const value = row?.value ?? {};
  return { welcome: value.userId === options.userId && value.welcomedAt === undefined };
}
