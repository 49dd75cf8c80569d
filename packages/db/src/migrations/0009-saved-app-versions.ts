import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Saved documents of generated apps and single tools (issue 15). The current document
 * lives in apps.data.savedApp; every save that changes it also lands here with a number,
 * and only the last few per app are kept (SAVED_APP_LIMITS.savedVersionsKept), so a builder
 * can go back after a bad save. `source` says which call made it (save, style, settings,
 * restore, create, chat).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "saved_app_versions" (
      "appId" text not null references "apps" ("id") on delete cascade,
      "number" integer not null,
      "document" jsonb not null,
      "source" text not null,
      "createdAt" timestamptz not null default now(),
      primary key ("appId", "number")
    );
    `,
  );
}
