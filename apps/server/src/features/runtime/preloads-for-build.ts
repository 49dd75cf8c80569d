import type { Database } from "@liftoff/db";
import { type FrameRelay, type VendorManifest, vendorPackPath } from "@liftoff/domain";
import { bareImportsOf, framePreloads } from "@liftoff/runtime/server";
import type { Kysely } from "kysely";
import { assetUrl } from "./load-runtime-bundle.ts";
import { productionPackUrl } from "./production-pack.ts";
import { vendorManifestId } from "./vendor-pack.ts";

/** Builds are immutable, so what is derived from their module is too: kept per JS hash (bounded). */
const CACHE_MAX = 500;
const cache = new Map<string, { manifest: VendorManifest; js: string }>();

/** The app module of a build (cached per JS hash; "" when it is gone). */
async function appModule(db: Kysely<Database>, manifest: VendorManifest, jsHash: string): Promise<string> {
  const hit = cache.get(jsHash);
  if (hit && hit.manifest === manifest) return hit.js;
  const artifact = await db
    .selectFrom("build_artifacts")
    .select("content")
    .where("hash", "=", jsHash)
    .executeTakeFirst();
  const js = artifact?.content ?? "";
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(jsHash, { manifest, js });
  return js;
}

/**
 * The modulepreload URLs of a build's frame (see framePreloads): read from the app module's
 * own imports once per build and vendor manifest, then served from memory.
 */
export async function preloadsForBuild(options: {
  db: Kysely<Database>;
  manifest: VendorManifest;
  jsHash: string;
  jsUrl: string;
}): Promise<string[]> {
  const js = await appModule(options.db, options.manifest, options.jsHash);
  return framePreloads(options.manifest, js, options.jsUrl);
}

/**
 * What the published app's host page relays to the frame of this build (hostBoot's
 * `relay`): the build's production bundle once it exists (productionPackUrl; it carries
 * the app module), else the vendor pack of the runtime and the app's own vendor imports
 * and the build's module; and the build's stylesheet.
 */
export async function relayForBuild(options: {
  db: Kysely<Database>;
  manifest: VendorManifest;
  jsHash: string;
  cssHash: string;
  /** Runs when a production bundle this call scheduled is ready. */
  onProductionPack: () => void;
}): Promise<FrameRelay> {
  const production = await productionPackUrl({
    db: options.db,
    manifest: options.manifest,
    jsHash: options.jsHash,
    onReady: options.onProductionPack,
  });
  if (production) return { pack: production, css: assetUrl(options.cssHash, "css") };
  const js = await appModule(options.db, options.manifest, options.jsHash);
  const specifiers = ["@liftoff/runtime", ...bareImportsOf(js)].filter((specifier) =>
    Object.hasOwn(options.manifest.imports, specifier),
  );
  return {
    pack: vendorPackPath(vendorManifestId(options.manifest), specifiers),
    js: assetUrl(options.jsHash, "js"),
    css: assetUrl(options.cssHash, "css"),
  };
}
