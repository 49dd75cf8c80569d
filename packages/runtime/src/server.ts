// @liftoff/runtime/server: the Node side of the runtime, for the server and tests. It
// builds and reads the vendor set and renders the frame document; it never runs in a browser.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { VendorManifest } from "@liftoff/domain";
import { buildVendor, isVendorBuildStale, manifestPath, vendorDir } from "../scripts/build-vendor.mjs";

export { APP_CHUNK_PREFIX, bundleAppForProduction, type ProductionPack } from "../scripts/bundle-app.mjs";
export { frameImportMap } from "./frame-import-map.ts";
export { bareImportsOf, framePreloads } from "./frame-preloads.ts";
export { escapeHtml, scriptJson } from "./html-escape.ts";
export { type FrameHtmlOptions, renderFrameHtml } from "./render-frame-html.ts";

export type VendorBuild = { dir: string; manifest: VendorManifest };

/** The vendor set's manifest as last built (throws when it was never built). */
export function readVendorManifest(): VendorManifest {
  return JSON.parse(readFileSync(manifestPath, "utf8")) as VendorManifest;
}

const LOCK = join(vendorDir, "..", ".vendor-build.lock");
const STALE_LOCK_MS = 120_000;

/**
 * Builds the vendor set when it is missing or older than its sources, and returns it.
 * Fast when already built (a few stats). Two processes (test workers, a server starting
 * during a test run) may call it together: one builds under a lock directory while the
 * other waits, then both read the same manifest.
 */
export async function ensureVendorBuild(): Promise<VendorBuild> {
  while (isVendorBuildStale()) {
    if (!takeLock()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (isVendorBuildStale()) await buildVendor();
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
  return { dir: vendorDir, manifest: readVendorManifest() };
}

function takeLock(): boolean {
  mkdirSync(join(vendorDir, ".."), { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A crashed builder leaves its lock behind; take it over once it is clearly abandoned.
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return false;
  }
}
