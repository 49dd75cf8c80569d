import { createHash } from "node:crypto";
import { type VendorManifest, vendorPackSpecifiers } from "@liftoff/domain";
import { frameImportMap } from "@liftoff/runtime/server";
import { readVendorFile } from "./serve-vendor-file.ts";

const ids = new WeakMap<VendorManifest, string>();

/**
 * A short id of the vendor build: part of every vendor pack URL, so a pack URL is
 * immutable (a new vendor build makes new URLs, and an old URL answers 404).
 */
export function vendorManifestId(manifest: VendorManifest): string {
  let id = ids.get(manifest);
  if (!id) {
    // The pack's format is part of the id: a browser never reuses a cached pack of another.
    const text = JSON.stringify(["pack-v2", manifest.imports, manifest.chunks ?? {}]);
    id = createHash("sha256").update(text).digest("hex").slice(0, 16);
    ids.set(manifest, id);
  }
  return id;
}

/** The most specifiers one pack may name: the vendor set has about sixty. */
const MAX_SPECIFIERS = 100;
/** Packs built per process (a pack is a few hundred KB; the set of distinct packs is small). */
const CACHE_MAX = 32;
const cache = new Map<string, string>();

/**
 * The body of GET /runtime/vendor-pack/{manifestId}/{key}.json: every vendor file the
 * named specifiers load statically (their entries and shared chunks, the manifest's
 * static closures), as `{"modules": {url: source}, "imports": {specifier: url}}`: the
 * URLs as the frame's import map names them, and that whole import map. Null (404) for another vendor build's id, a key that is not a pack key, or
 * a specifier the vendor set does not have: a pack holds only the platform's own files.
 */
export async function buildVendorPack(options: {
  vendor: { dir: string; manifest: VendorManifest };
  manifestId: string;
  key: string;
}): Promise<string | null> {
  const { manifest, dir } = options.vendor;
  if (options.manifestId !== vendorManifestId(manifest)) return null;
  const cacheKey = `${options.manifestId}/${options.key}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const specifiers = vendorPackSpecifiers(options.key);
  if (!specifiers || specifiers.length > MAX_SPECIFIERS) return null;
  const urls = new Set<string>();
  for (const specifier of specifiers) {
    const url = Object.hasOwn(manifest.imports, specifier) ? manifest.imports[specifier] : undefined;
    if (!url) return null;
    urls.add(url);
    for (const dep of manifest.staticDeps?.[specifier] ?? []) urls.add(dep);
  }
  const modules: Record<string, string> = {};
  for (const url of [...urls].sort()) {
    const file = url.startsWith("/runtime/vendor/")
      ? await readVendorFile(dir, url.slice("/runtime/vendor/".length))
      : null;
    if (!file) return null;
    modules[url] = file.body.toString("utf8");
  }
  // The relayed frame's import map comes with the pack (its document carries none).
  const body = JSON.stringify({ modules, imports: frameImportMap(manifest).imports });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, body);
  return body;
}
