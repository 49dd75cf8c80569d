import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import type { Config } from "../config.ts";

/** The platform_settings key that records, once and for all, who was made the first admin. */
export const FIRST_ADMIN_KEY = "firstAdmin";

/**
 * First run: on a fresh install with no ADMIN_EMAILS, the first account is the platform
 * admin (its rights still wait for a verified address, see isPlatformAdmin). Nobody else
 * ever is: the grant claims a platform_settings key in the same statement, so it happens at
 * most once per database — not again when the users are later deleted, nor for the next
 * sign-up on an install that already had users.
 *
 * "First" is the earliest account by (createdAt, id), not "the only account": sign-ups that
 * arrive together each see the others, and a rule of "no other user exists" then granted
 * nobody (the first-admin race test found an install with no admin). Now the earliest one
 * never sees an earlier account, so it claims the key unless a later one claimed it first
 * while the earliest was not yet visible (committed); either way exactly one is granted.
 */
export async function grantFirstAdmin(options: {
  db: Kysely<Database>;
  config: Pick<Config, "adminEmails">;
  userId: string;
}): Promise<boolean> {
  const { db, config, userId } = options;
  if (config.adminEmails.length > 0) return false;
  const result = await sql<{ id: string }>`
    with "me" as (
      select "id", "createdAt" from "users" where "id" = ${userId}
    ),
    claim as (
      insert into "platform_settings" ("key", "value")
      select ${FIRST_ADMIN_KEY}, ${JSON.stringify({ userId })}::jsonb
      from "me"
      where not exists (
        select 1 from "users" as "other"
        where ("other"."createdAt", "other"."id") < ("me"."createdAt", "me"."id")
      )
      on conflict ("key") do nothing
      returning "key"
    )
    update "users" set "isAdmin" = true
    where "id" = ${userId} and exists (select 1 from claim)
    returning "id"`.execute(db);
  return result.rows.length > 0;
}
