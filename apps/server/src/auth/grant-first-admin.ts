import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import type { Config } from "../config.ts";

/** The platform_settings key that records, once and for all, who was made the first admin. */
export const FIRST_ADMIN_KEY = "firstAdmin";

/**
 * First run: on a fresh install with no ADMIN_EMAILS, the first account is the platform
 * admin (its rights still wait for a verified address, see isPlatformAdmin). Nobody else
 * ever is: the grant needs that no other user exists, and it claims a platform_settings key
 * in the same statement, so it happens at most once per database — not again when the
 * users are later deleted, nor for the next sign-up on an install that already had users.
 * Two first sign-ups at the same moment may both see the other and neither is granted: the
 * safe side (ADMIN_EMAILS still works).
 */
export async function grantFirstAdmin(options: {
  db: Kysely<Database>;
  config: Pick<Config, "adminEmails">;
  userId: string;
}): Promise<boolean> {
  const { db, config, userId } = options;
  if (config.adminEmails.length > 0) return false;
  const result = await sql<{ id: string }>`
    with claim as (
      insert into "platform_settings" ("key", "value")
      select ${FIRST_ADMIN_KEY}, ${JSON.stringify({ userId })}::jsonb
      where not exists (select 1 from "users" where "id" <> ${userId})
      on conflict ("key") do nothing
      returning "key"
    )
    update "users" set "isAdmin" = true
    where "id" = ${userId} and exists (select 1 from claim)
    returning "id"`.execute(db);
  return result.rows.length > 0;
}
