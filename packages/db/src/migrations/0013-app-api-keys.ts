import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * App API keys (issue 16, Run API): a credential of one app, not of a person, that lets a
 * program run the app's published tools over HTTP. Only the SHA-256 of the secret is kept
 * (the secret is 32 random bytes, so a plain hash cannot be reversed by guessing) plus a
 * short hint to tell keys apart; a revoked key stays listed with its revocation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "app_api_keys" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "name" text not null,
      "hash" text not null unique,
      "displayHint" text not null,
      "createdBy" text references "users" ("id") on delete set null,
      "createdAt" timestamptz not null default now(),
      "lastUsedAt" timestamptz,
      "revokedAt" timestamptz
    );
    create index "app_api_keys_app_idx" on "app_api_keys" ("appId", "createdAt");
    `,
  );
}
