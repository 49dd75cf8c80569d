import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Account security (issue 12).
 * - users.isAdmin: platform admin granted by the platform itself (the first account of a
 *   fresh install without ADMIN_EMAILS). Admin rights still need a verified address.
 * - app_users.tokenGeneration: app tokens carry the generation they were issued in and
 *   count only while it is current; logout and a password reset move it on, so every
 *   token issued before stops working.
 * - rate_limit_hits: one row per counted action (key, time), for limits that must hold across
 *   instances and restarts and whose windows differ from the login limiter's (SendEmail per
 *   app). Rows older than their window are pruned by the limiter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table "users" add column "isAdmin" boolean not null default false;
    alter table "app_users" add column "tokenGeneration" integer not null default 0;
    create table "rate_limit_hits" (
      "id" bigint generated always as identity primary key,
      "key" text not null,
      "at" timestamptz not null default now()
    );
    create index "rate_limit_hits_key_idx" on "rate_limit_hits" ("key", "at");
    `,
  );
}
