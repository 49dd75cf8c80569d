import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Runs of generated apps' and single tools' tools by end users (issue 16).
 * - tool_runs: one row per run: what was asked (`request`), the run as its page shows it
 *   (`view`, the RunView folded from the streamed events), the outcome, usage, the hashed
 *   client address (never the address), the end user when signed in, and what was charged
 *   (credits, and the limit windows counted) so a failed run can be given back. A running
 *   run holds a lease its process renews; a run whose lease ran out was left by a process
 *   that died and is failed by any instance's sweep.
 * - run_counters: runs per app, client address and window ('d:2026-11-28', 'w:2026-11-23'),
 *   counted in the database with a guarded upsert, so the daily and weekly limits hold
 *   under concurrency and across instances.
 * - app_user_memories: the answers of 'memorize' fields, per end user and field, prefilled
 *   on their next run (GET /api/live_api/user/memories/current).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "tool_runs" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "toolId" text not null,
      "parentRunId" text references "tool_runs" ("id") on delete set null,
      "status" text not null check ("status" in ('running', 'success', 'error')),
      "request" jsonb not null,
      "view" jsonb not null,
      "errorCode" text,
      "errorDetails" text,
      "usage" jsonb,
      "model" text,
      "ipHash" text not null,
      "appUserId" text references "app_users" ("id") on delete set null,
      "creditsCharged" integer not null default 0,
      "chargedAccountId" text,
      "counterWindows" jsonb not null default '[]',
      "leaseUntil" timestamptz,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now(),
      "finishedAt" timestamptz
    );
    create index "tool_runs_appId_createdAt_idx" on "tool_runs" ("appId", "createdAt" desc);
    create index "tool_runs_running_idx" on "tool_runs" ("leaseUntil") where "status" = 'running';
    create table "run_counters" (
      "appId" text not null references "apps" ("id") on delete cascade,
      "ipHash" text not null,
      "window" text not null,
      "count" integer not null default 0,
      "expiresAt" timestamptz not null,
      primary key ("appId", "ipHash", "window")
    );
    create index "run_counters_expiresAt_idx" on "run_counters" ("expiresAt");
    create table "app_user_memories" (
      "appId" text not null references "apps" ("id") on delete cascade,
      "appUserId" text not null references "app_users" ("id") on delete cascade,
      "fieldName" text not null,
      "label" text not null,
      "value" jsonb not null,
      "updatedAt" timestamptz not null default now(),
      primary key ("appUserId", "fieldName")
    );
    `,
  );
}
