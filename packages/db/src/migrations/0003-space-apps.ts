import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Space apps: code versions, builds, end users and stored files.
 * - app_blobs: file contents addressed by their SHA-256, so a version that changes one
 *   file stores one new blob and points at the others.
 * - app_versions: immutable snapshots; `files` maps file id to blob hash, `entities` keeps
 *   the entity schemas as they were (a revert restores them). apps.draftVersionId is what
 *   the builder previews, apps.publishedVersionId what end users get.
 * - app_builds / build_artifacts: compile results per version and their outputs, addressed
 *   by content hash, so every server instance serves the same bytes with immutable caching.
 * - app_users / app_user_tokens: end users of an app. Identities are scoped per app, so one
 *   e-mail can be two different people in two apps.
 * - stored_files: metadata of uploads (bytes live in the storage layer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "app_blobs" (
      "hash" text primary key,
      "content" text not null,
      "size" integer not null,
      "createdAt" timestamptz not null default now()
    );
    create table "app_versions" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "number" integer not null,
      "parentId" text,
      "files" jsonb not null default '{}',
      "entities" json not null default '{}',
      "source" text not null default 'editor',
      "createdBy" text,
      "createdAt" timestamptz not null default now(),
      unique ("appId", "number")
    );
    alter table "apps" add column "draftVersionId" text;
    alter table "apps" add column "publishedVersionId" text;
    alter table "apps" add column "publishedAt" timestamptz;
    alter table "apps" add column "customHost" text unique;
    create table "app_builds" (
      "versionId" text primary key references "app_versions" ("id") on delete cascade,
      "ok" boolean not null,
      "diagnostics" jsonb not null default '[]',
      "jsHash" text,
      "cssHash" text,
      "pages" jsonb not null default '[]',
      "durationMs" integer not null default 0,
      "createdAt" timestamptz not null default now()
    );
    create table "build_artifacts" (
      "hash" text primary key,
      "contentType" text not null,
      "content" text not null,
      "createdAt" timestamptz not null default now()
    );
    create table "app_users" (
      "id" text primary key,
      "appId" text not null references "apps" ("id") on delete cascade,
      "email" text not null,
      "name" text not null default '',
      "passwordHash" text not null,
      "emailVerified" boolean not null default false,
      "role" text not null default 'user',
      "data" jsonb not null default '{}',
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create unique index "app_users_appId_email_idx" on "app_users" ("appId", lower("email"));
    create table "app_user_tokens" (
      "id" text primary key,
      "appUserId" text not null references "app_users" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('verify', 'reset')),
      "tokenHash" text not null unique,
      "expiresAt" timestamptz not null,
      "usedAt" timestamptz,
      "createdAt" timestamptz not null default now()
    );
    create table "stored_files" (
      "id" text primary key,
      "appId" text references "apps" ("id") on delete cascade,
      "key" text not null unique,
      "name" text not null,
      "contentType" text not null,
      "size" integer not null,
      "private" boolean not null default false,
      "createdBy" text,
      "createdAt" timestamptz not null default now()
    );
    create index "stored_files_appId_idx" on "stored_files" ("appId", "createdAt" desc)
  `,
  );
}
