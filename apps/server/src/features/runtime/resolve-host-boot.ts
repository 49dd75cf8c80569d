import type { Database } from "@liftoff/db";
import { type HostBoot, planIdSchema, spaceAppShowsWatermark } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { readAppDetails } from "../space-apps/read-app-details.ts";
import { publicVersionId } from "./load-runtime-bundle.ts";

const TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;
const MAX_KEY_LENGTH = 200;

export type HostBootLookup = { slug: string } | { appId: string };
type Entry = { boot: HostBoot | null; appId: string | null; at: number };

// One cache per database, so platforms sharing a process (tests) never see each other's apps.
const caches = new WeakMap<object, Map<string, Entry>>();
function cacheOf(db: object) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

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
 */
export async function resolveHostBoot(
  deps: Pick<Deps, "db" | "vendor">,
  lookup: HostBootLookup,
): Promise<HostBoot | null> {
  const key = keyOf(lookup);
  if (key.length > MAX_KEY_LENGTH) return null;
  const cache = cacheOf(deps.db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.boot;
  const { boot, appId } = await loadHostBoot(deps, lookup);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { boot, appId, at: Date.now() });
  return boot;
}

/** Drops every cached answer about an app (after it was published or unpublished). */
export function forgetHostBoot(db: Kysely<Database>, appId: string): void {
  const cache = cacheOf(db);
  for (const [key, entry] of cache) if (entry.appId === appId) cache.delete(key);
}

async function loadHostBoot(
  deps: Pick<Deps, "db" | "vendor">,
  lookup: HostBootLookup,
): Promise<{ boot: HostBoot | null; appId: string | null }> {
  const db: Kysely<Database> = deps.db;
  const app = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .selectAll("apps")
    .select(["accounts.plan as ownerPlan"])
    .where("slug" in lookup ? "apps.slug" : "apps.id", "=", "slug" in lookup ? lookup.slug : lookup.appId)
    .executeTakeFirst();
  if (!app) return { boot: null, appId: null };
  const versionId = publicVersionId(app);
  if (!versionId) return { boot: null, appId: app.id };
  const build = await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  // A version the frame cannot run (GET /runtime/frame answers 422) gets the page as before,
  // which shows "being updated" from the bundle's diagnostics.
  if (!build.ok || !build.jsHash || !build.cssHash || build.diagnostics.length > 0)
    return { boot: null, appId: app.id };
  const plan = app.ownerPlan === null ? null : planIdSchema.catch("lite").parse(app.ownerPlan);
  const details = readAppDetails(app);
  return {
    appId: app.id,
    boot: {
      appId: app.id,
      slug: app.slug,
      versionId,
      channel: "published",
      name: app.name,
      icon: details.icon,
      showWatermark: spaceAppShowsWatermark(plan),
    },
  };
}
