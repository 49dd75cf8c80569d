import type { Database } from "@liftoff/db";
import { type HostBoot, isServableBuild, planIdSchema, spaceAppShowsWatermark } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { databaseTtlCache } from "../../http/database-ttl-cache.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { readAppDetails } from "../space-apps/read-app-details.ts";
import { forgetToolApp } from "../tool-apps/resolve-tool-app.ts";
import { publicVersionId } from "./load-runtime-bundle.ts";
import { relayForBuild } from "./preloads-for-build.ts";

const MAX_KEY_LENGTH = 200;

export type HostBootLookup = { slug: string } | { appId: string };
/**
 * What a visitor without credentials finds at the app's URL: nothing (no such space app),
 * an app that exists but has no published version, or a published app.
 */
export type HostPageState = "missing" | "unpublished" | "published";
type Answer = { boot: HostBoot | null; appId: string | null; state: HostPageState };

const answers = databaseTtlCache<Answer>({ ttlMs: 10_000, maxEntries: 5_000 });

const keyOf = (lookup: HostBootLookup) => ("slug" in lookup ? `slug:${lookup.slug}` : `id:${lookup.appId}`);

/**
 * What a published app's host page is served with, so it can start the app's frame before
 * its own JavaScript runs (see `hostBootSchema`): the version GET /runtime/bundle gives a
 * visitor without credentials — the published one, never a draft — when that version built
 * cleanly. Null for anything else (unknown, unpublished, broken build, not a space app): the
 * page is then served as before and asks /runtime/bundle.
 *
 * Every page view asks, so answers (misses too) are cached for a few seconds; publishing and
 * unpublishing on this instance forget the app at once (`forgetHostBoot`). A stale answer
 * within the TTL is harmless: the page still confirms with /runtime/bundle and follows it.
 *
 * With it, what the URL holds for an anonymous visitor (`state`): the host page
 * answers a missing app with 404 and an unpublished one with 403 (with the page, which says
 * "App not found" or "This app is not published yet"), so crawlers and link checkers see it
 * too. The app's own admins still get their draft on the same page (it asks /runtime/bundle).
 */
export async function resolveHostPage(
  deps: Pick<Deps, "db" | "vendor">,
  lookup: HostBootLookup,
): Promise<{ boot: HostBoot | null; state: HostPageState }> {
  const key = keyOf(lookup);
  if (key.length > MAX_KEY_LENGTH) return { boot: null, state: "missing" };
  const hit = answers.get(deps.db, key);
  const answer = hit ? hit.value : await loadHostBoot(deps, lookup);
  if (!hit) answers.set(deps.db, key, answer);
  return { boot: answer.boot, state: answer.state };
}

/**
 * Drops every cached answer about an app (after it was published or unpublished), a
 * generated app's or single tool's public view included.
 */
export function forgetHostBoot(db: Kysely<Database>, appId: string): void {
  answers.deleteWhere(db, (answer) => answer.appId === appId);
  forgetToolApp(db, appId);
}

async function loadHostBoot(deps: Pick<Deps, "db" | "vendor">, lookup: HostBootLookup): Promise<Answer> {
  const db: Kysely<Database> = deps.db;
  const app = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .selectAll("apps")
    .select(["accounts.plan as ownerPlan"])
    .where("slug" in lookup ? "apps.slug" : "apps.id", "=", "slug" in lookup ? lookup.slug : lookup.appId)
    .executeTakeFirst();
  if (!app) return { boot: null, appId: null, state: "missing" };
  // Only space apps run at a URL; /runtime/bundle calls any other kind not found too.
  if (app.kind !== "space") return { boot: null, appId: app.id, state: "missing" };
  const versionId = publicVersionId(app);
  if (!versionId) return { boot: null, appId: app.id, state: "unpublished" };
  const build = await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  // A version the frame cannot run (GET /runtime/frame answers 422) gets the page as before,
  // which shows "being updated" from the bundle's blocking errors. Warnings do not block.
  if (!isServableBuild(build) || !build.jsHash || !build.cssHash)
    return { boot: null, appId: app.id, state: "published" };
  const plan = app.ownerPlan === null ? null : planIdSchema.catch("lite").parse(app.ownerPlan);
  const details = readAppDetails(app);
  return {
    appId: app.id,
    state: "published",
    boot: {
      appId: app.id,
      slug: app.slug,
      versionId,
      channel: "published",
      name: app.name,
      icon: details.icon,
      showWatermark: spaceAppShowsWatermark(plan),
      relay: await relayForBuild({
        db,
        manifest: deps.vendor.manifest,
        jsHash: build.jsHash,
        cssHash: build.cssHash,
        onProductionPack: () => forgetHostBoot(db, app.id),
      }),
    },
  };
}
