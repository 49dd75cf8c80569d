import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Connectors (issue 17: notes workspace and cloud drive). A builder's connection to a
 * provider is one row per user and provider; its OAuth tokens are stored sealed
 * (AES-256-GCM under a key derived from the auth secret), never in clear and never sent to
 * the browser. A connector item remembers the connection that added it, so its re-syncs
 * read with that builder's rights; disconnecting leaves the item without one (its next
 * sync ends in error with the connector message).
 *
 * Numbered 0014: 0013 is reserved for another feature's migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "connector_accounts" (
      "id" text primary key,
      "userId" text not null references "users" ("id") on delete cascade,
      "provider" text not null,
      "accountName" text,
      "workspaceId" text,
      "sealedTokens" text not null,
      "expiresAt" timestamptz,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now(),
      unique ("userId", "provider")
    );

    alter table "context_items"
      add column "connectorUserId" text references "users" ("id") on delete set null;
    `,
  );
}
