import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * End users' conversations with a generated app's chat assistant (issue 16). A
 * conversation is the id its first message made (a random UUID: the only key to read it);
 * replies hold a lease while they are written, like builder chat replies and runs, and
 * are failed by any instance's sweep when their process died. The client address is
 * kept only as the keyed hash the daily limit counts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "assistant_messages" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "conversationId" text not null,
      "role" text not null check ("role" in ('user', 'assistant')),
      "content" text not null default '',
      "status" text not null check ("status" in ('in_progress', 'ready', 'failed')),
      "error" text,
      "errorDetails" text,
      "usage" jsonb,
      "ipHash" text not null,
      "appUserId" text references "app_users" ("id") on delete set null,
      "creditsCharged" integer not null default 0,
      "chargedAccountId" text,
      "counterWindows" jsonb not null default '[]',
      "leaseUntil" timestamptz,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create index "assistant_messages_conversation_idx" on "assistant_messages" ("conversationId", "createdAt");
    create index "assistant_messages_in_progress_idx" on "assistant_messages" ("leaseUntil") where "status" = 'in_progress';
    `,
  );
}
