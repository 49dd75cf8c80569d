import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Data sources (issue 17). `context_items` is both the builder's list and the ingest
 * queue: a pending item is claimed with FOR UPDATE SKIP LOCKED, held by a lease while a
 * process reads it, retried with backoff after a crash or a passing failure, and failed
 * with its reason after MAX attempts, so nothing stays "Syncing..." forever.
 *
 * Chunks are written under the attempt's `generation` and become searchable only when the
 * item's `indexedGeneration` is set to it, in the same transaction that marks it synced: a
 * failed or interrupted attempt leaves chunks nobody can find (and the next attempt or the
 * sweep deletes them), and a re-sync keeps the previous chunks searchable until the new
 * ones are complete. An assistant reply keeps the passages it was given ("sources") to
 * cite them. `search` holds the full-text vector, built with the configured text
 * search language at insert; `embedding` the vector when an embedding model is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "context_items" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "name" text not null,
      "type" text not null,
      "source" text not null,
      "status" text not null check ("status" in ('unsynced', 'pending', 'running', 'synced', 'error', 'usage_limit_reached')),
      "size" integer not null default 0,
      "provider" text not null,
      "providerItemId" text,
      "externalFileUrl" text,
      "externalFileId" text,
      "storageKey" text,
      "contentType" text,
      "sourceUrl" text,
      "numOfChunks" integer not null default 0,
      "error" text,
      "errorDetails" text,
      "progress" jsonb,
      "attempts" integer not null default 0,
      "generation" integer not null default 0,
      "indexedGeneration" integer,
      "runAfter" timestamptz not null default now(),
      "leaseUntil" timestamptz,
      "lastSyncedAt" timestamptz,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create index "context_items_app_idx" on "context_items" ("appId", "createdAt");
    create index "context_items_queue_idx" on "context_items" ("runAfter") where "status" = 'pending';
    create index "context_items_running_idx" on "context_items" ("leaseUntil") where "status" = 'running';

    create table "context_chunks" (
      "id" text primary key,
      "itemId" text not null references "context_items" ("id") on delete cascade,
      "appId" text not null,
      "generation" integer not null,
      "position" integer not null,
      "start" integer not null,
      "end" integer not null,
      "locator" text,
      "text" text not null,
      "search" tsvector not null,
      "embedding" real[]
    );
    create index "context_chunks_item_idx" on "context_chunks" ("itemId", "generation", "position");
    create index "context_chunks_app_idx" on "context_chunks" ("appId");
    create index "context_chunks_search_idx" on "context_chunks" using gin ("search");

    alter table "assistant_messages" add column "sources" jsonb not null default '[]';
    `,
  );
}
