import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Plan requests (issue 13): without a payment provider, a builder asks for a plan and the
 * platform admins grant or decline it. At most one pending request per user (the partial
 * unique index), so a second request replaces the first instead of piling up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "plan_requests" (
      "id" text primary key,
      "userId" text not null references "users" ("id") on delete cascade,
      "planId" text not null,
      "status" text not null default 'pending',
      "createdAt" timestamptz not null default now(),
      "resolvedAt" timestamptz,
      "resolvedBy" text references "users" ("id") on delete set null
    );
    create unique index "plan_requests_one_pending_idx" on "plan_requests" ("userId") where "status" = 'pending';
    create index "plan_requests_status_idx" on "plan_requests" ("status", "createdAt");
    `,
  );
}
