import type { Database } from "@liftoff/db";
import { type PublicToolApp, planIdSchema, toPublicToolApp } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { databaseTtlCache } from "../../http/database-ttl-cache.ts";
import { readPublishedSavedApp, readSavedApp, savedAppKind } from "../generated-apps/read-saved-app.ts";

const MAX_KEY_LENGTH = 200;

export type ToolAppLookup = { slug: string } | { appId: string };

/**
 * What an anonymous visitor finds at a generated app's or single tool's URL: no such app
 * (`none`, which also covers space apps: they have their own page), an app that is not
 * published, or the published app as end users see it (never the builder's prompt).
 */
export type ToolAppAnswer =
  | { state: "none"; appId: string | null }
  | { state: "unpublished"; appId: string }
  | { state: "published"; appId: string; app: PublicToolApp };

const answers = databaseTtlCache<ToolAppAnswer>({ ttlMs: 10_000, maxEntries: 5_000 });

const keyOf = (lookup: ToolAppLookup) => ("slug" in lookup ? `slug:${lookup.slug}` : `id:${lookup.appId}`);

/**
 * The published generated app or single tool at a slug or id. Every page view and every
 * refresh asks, so answers (misses too) are cached for a few seconds, like the space apps'
 * host boot; publishing and unpublishing forget the app at once (`forgetToolApp`, called by
 * forgetHostBoot). Within the TTL another instance may serve the previous copy: harmless,
 * since a run checks the published copy again.
 */
export async function resolveToolApp(db: Kysely<Database>, lookup: ToolAppLookup): Promise<ToolAppAnswer> {
  const key = keyOf(lookup);
  if (key.length > MAX_KEY_LENGTH) return { state: "none", appId: null };
  const hit = answers.get(db, key);
  if (hit) return hit.value;
  const answer = await loadToolApp(db, lookup);
  answers.set(db, key, answer);
  return answer;
}

/** Drops every cached answer about an app (after it was published or unpublished). */
export function forgetToolApp(db: Kysely<Database>, appId: string): void {
  answers.deleteWhere(db, (answer) => answer.appId === appId);
}

async function loadToolApp(db: Kysely<Database>, lookup: ToolAppLookup): Promise<ToolAppAnswer> {
  const row = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select([
      "apps.id",
      "apps.slug",
      "apps.name",
      "apps.kind",
      "apps.status",
      "apps.data",
      "accounts.plan as ownerPlan",
    ])
    .where("slug" in lookup ? "apps.slug" : "apps.id", "=", "slug" in lookup ? lookup.slug : lookup.appId)
    .executeTakeFirst();
  if (!row) return { state: "none", appId: null };
  if (row.kind !== "generated" && row.kind !== "tool") return { state: "none", appId: row.id };
  const saved = readPublishedSavedApp(row);
  if (!saved) return { state: "unpublished", appId: row.id };
  const plan = row.ownerPlan === null ? null : planIdSchema.catch("lite").parse(row.ownerPlan);
  return {
    state: "published",
    appId: row.id,
    app: toPublicToolApp({
      app: { id: row.id, slug: row.slug, name: row.name, kind: savedAppKind(row) },
      saved,
      plan,
      chatAssistantActive: readSavedApp(row).chatSettings.status === "active",
    }),
  };
}
