import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * The builder chat of space apps.
 * - chat_messages: one row per message (spec section 3 "Chat message"). Ordered by `seq`
 *   (identity), not createdAt, so a user message and its reply never tie. An in_progress
 *   assistant message carries `leaseUntil`, renewed by the process generating it; one whose
 *   lease ran out belonged to a process that died and is marked failed (never left
 *   in_progress), on any instance.
 * - chat_usage: one row per model turn, for the per-app and per-account sums admins see,
 *   and `userId, createdAt` for the daily message limit.
 * - platform_settings: instance-wide settings an admin changes at run time (the AI model
 *   override), one JSON value per key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "chat_messages" (
      "id" text primary key,
      "seq" bigint generated always as identity,
      "appId" text not null references "apps" ("id") on delete cascade,
      "userId" text,
      "role" text not null check ("role" in ('user', 'assistant')),
      "content" text not null default '',
      "status" text not null check ("status" in ('in_progress', 'ready', 'failed')),
      "parts" jsonb not null default '[]',
      "actions" jsonb not null default '[]',
      "groups" jsonb not null default '[]',
      "annotations" jsonb not null default '{}',
      "attachments" jsonb not null default '[]',
      "toolInvocations" jsonb not null default '[]',
      "leaseUntil" timestamptz,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create index "chat_messages_app_seq_idx" on "chat_messages" ("appId", "seq");
    create index "chat_messages_user_created_idx" on "chat_messages" ("userId", "createdAt") where "role" = 'user';
    create index "chat_messages_in_progress_idx" on "chat_messages" ("leaseUntil") where "status" = 'in_progress';
    create table "chat_usage" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "userId" text,
      "messageId" text not null,
      "record" jsonb not null,
      "totalTokens" integer not null,
      "totalCost" double precision not null,
      "createdAt" timestamptz not null default now()
    );
    create index "chat_usage_app_idx" on "chat_usage" ("appId", "createdAt");
    create index "chat_usage_user_idx" on "chat_usage" ("userId", "createdAt");
    create table "platform_settings" (
      "key" text primary key,
      "value" jsonb not null,
      "updatedAt" timestamptz not null default now()
    );
    `,
  );
}
