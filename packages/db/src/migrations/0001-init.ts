import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * First schema. The four auth tables are the shape the auth library (better-auth 1.7)
 * expects, renamed so "account" stays free for the product's business account; they are
 * created here so one migration history serves both the library and the product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "users" (
      "id" text primary key,
      "name" text not null,
      "email" text not null unique,
      "emailVerified" boolean not null,
      "image" text,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create table "sessions" (
      "id" text primary key,
      "expiresAt" timestamptz not null,
      "token" text not null unique,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null,
      "ipAddress" text,
      "userAgent" text,
      "userId" text not null references "users" ("id") on delete cascade
    );
    create index "sessions_userId_idx" on "sessions" ("userId");
    create table "auth_accounts" (
      "id" text primary key,
      "accountId" text not null,
      "providerId" text not null,
      "userId" text not null references "users" ("id") on delete cascade,
      "accessToken" text,
      "refreshToken" text,
      "idToken" text,
      "accessTokenExpiresAt" timestamptz,
      "refreshTokenExpiresAt" timestamptz,
      "scope" text,
      "password" text,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null
    );
    create index "auth_accounts_userId_idx" on "auth_accounts" ("userId");
    create table "verifications" (
      "id" text primary key,
      "identifier" text not null,
      "value" text not null,
      "expiresAt" timestamptz not null,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create index "verifications_identifier_idx" on "verifications" ("identifier");

    create table "accounts" (
      "id" text primary key,
      "userId" text not null unique references "users" ("id") on delete cascade,
      "accountType" text not null default 'builder',
      "plan" text,
      "subscriptionId" text,
      "planSubscriptionStatus" text,
      "planSubscriptionCancelledAt" timestamptz,
      "appId" text,
      "appHeader" text,
      "hasBusinessInfo" boolean not null default false,
      "disabled" boolean not null default false,
      "featureFlags" jsonb not null default '{}',
      "appPackages" jsonb not null default '[]',
      "subscriptionPaymentsIds" jsonb not null default '[]',
      "appRunsUsed" integer not null default 0,
      "appGenerationsUsed" integer not null default 0,
      "dataProcessingUsed" integer not null default 0,
      "builderChatMessagesUsed" integer not null default 0,
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );

    create table "apps" (
      "id" text primary key,
      "accountId" text not null references "accounts" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('generated', 'space', 'tool')),
      "name" text not null,
      "slug" text not null unique,
      "status" text not null default 'draft' check ("status" in ('draft', 'published')),
      "data" jsonb not null default '{}',
      "createdAt" timestamptz not null default now(),
      "updatedAt" timestamptz not null default now()
    );
    create index "apps_accountId_updatedAt_idx" on "apps" ("accountId", "updatedAt" desc);

    create table "mails" (
      "id" text primary key,
      "to" text not null,
      "subject" text not null,
      "text" text not null,
      "html" text not null,
      "createdAt" timestamptz not null default now()
    );
    create index "mails_createdAt_idx" on "mails" ("createdAt" desc);

    create table "login_attempts" (
      "id" bigint generated always as identity primary key,
      "key" text not null,
      "attemptedAt" timestamptz not null default now()
    );
    create index "login_attempts_key_idx" on "login_attempts" ("key", "attemptedAt");
  `,
  );
}
