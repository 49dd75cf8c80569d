import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Entities (the data tables of space apps). Rows of every app and entity share one table
 * with the fields in JSONB: schema changes are then metadata only — no DDL per app, and a
 * field removed from a schema stays in stored rows until purged. Indexes:
 * - (appId, entity, createdAt desc, id desc) serves the default list order and paging;
 * - (appId, entity, creatorId, createdAt desc) serves 'creator' read rules;
 * - GIN jsonb_path_ops on data serves equality / containment filters.
 * Schemas are stored as json, not jsonb: jsonb reorders object keys, and the order of a
 * schema's properties is the order of the grid's columns and of forms.
 * entity_changes is an append-only log that realtime subscribers resume from after a
 * reconnect (Last-Event-ID); it is pruned to a short window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "entity_schemas" (
      "appId" text not null references "apps" ("id") on delete cascade,
      "name" text not null,
      "schema" json not null,
      "version" integer not null default 1,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now(),
      primary key ("appId", "name")
    );
    create table "entity_rows" (
      "id" text primary key,
      "appId" text not null,
      "entity" text not null,
      "data" jsonb not null default '{}',
      "creatorId" text,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now(),
      foreign key ("appId", "entity") references "entity_schemas" ("appId", "name") on delete cascade on update cascade
    );
    create index "entity_rows_list_idx" on "entity_rows" ("appId", "entity", "createdAt" desc, "id" desc);
    create index "entity_rows_creator_idx" on "entity_rows" ("appId", "entity", "creatorId", "createdAt" desc);
    create index "entity_rows_data_idx" on "entity_rows" using gin ("data" jsonb_path_ops);
    create table "entity_changes" (
      "seq" bigint generated always as identity primary key,
      "appId" text not null,
      "entity" text not null,
      "rowId" text not null,
      "op" text not null check ("op" in ('create', 'update', 'delete')),
      "row" jsonb,
      "creatorId" text,
      "at" timestamptz not null default now()
    );
    create index "entity_changes_stream_idx" on "entity_changes" ("appId", "entity", "seq")
  `,
  );
}
