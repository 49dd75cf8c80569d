import type { Database } from "@liftoff/db";
import type { VendorManifest } from "@liftoff/domain";
import { framePreloads } from "@liftoff/runtime/server";
import type { Kysely } from "kysely";

/** Builds are immutable, so their preload lists are too: kept per JS hash (bounded). */
const CACHE_MAX = 500;
const cache = new Map<string, { manifest: VendorManifest; urls: string[] }>();

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
  const hit = cache.get(options.jsHash);
  if (hit && hit.manifest === options.manifest) return hit.urls;
  const artifact = await options.db
    .selectFrom("build_artifacts")
    .select("content")
    .where("hash", "=", options.jsHash)
    .executeTakeFirst();
  const urls = framePreloads(options.manifest, artifact?.content ?? "", options.jsUrl);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(options.jsHash, { manifest: options.manifest, urls });
  return urls;
}
