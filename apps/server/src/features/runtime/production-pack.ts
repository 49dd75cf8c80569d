import { createHash } from "node:crypto";
import type { Database } from "@liftoff/db";
import type { VendorManifest } from "@liftoff/domain";
import { bundleAppForProduction } from "@liftoff/runtime/server";
import type { Kysely } from "kysely";
import { log } from "../../log.ts";
import { assetUrl } from "./load-runtime-bundle.ts";
import { vendorManifestId } from "./vendor-pack.ts";

/** Builds waiting per process: beyond this, a version is bundled on a later visit instead. */
const QUEUE_MAX = 64;

type Job = { db: Kysely<Database>; manifest: VendorManifest; jsHash: string; onReady: () => void };

/** Per database handle (tests run several platforms in one process): known pack hashes. */
const known = new WeakMap<object, Map<string, string>>();
/** Jobs queued or running, by key, per database handle; failed keys are not retried here. */
const started = new WeakMap<object, Set<string>>();
const queue: Job[] = [];
/** The running drain of the queue, if any (one at a time per process). */
let draining: Promise<void> | null = null;

const keyOf = (manifest: VendorManifest, jsHash: string) => `${vendorManifestId(manifest)}:${jsHash}`;

function ofDatabase<V>(map: WeakMap<object, V>, db: object, make: () => V): V {
  let value = map.get(db);
  if (!value) {
    value = make();
    map.set(db, value);
  }
  return value;
}

/**
 * The URL of a build's production bundle (a relay pack: the runtime, the app and only the
 * vendor code they use, tree-shaken — bundle-app.mjs), or null while there is none yet.
 *
 * Null schedules its build in the background, one at a time per process (esbuild takes a
 * second or two of CPU, which must not hold up requests), and `onReady` runs once it is
 * stored, so the host page's cached boot data can pick it up. Until then, and for ever if
 * bundling fails, the page relays the shared vendor pack as before: a published app never
 * waits for, or breaks on, its production bundle. The pack is stored in build_artifacts
 * (content-addressed) and production_bundles, so other instances and restarts reuse it.
 */
export async function productionPackUrl(options: Job): Promise<string | null> {
  const { db, manifest, jsHash } = options;
  const key = keyOf(manifest, jsHash);
  const cache = ofDatabase(known, db, () => new Map<string, string>());
  const hit = cache.get(key);
  if (hit) return assetUrl(hit, "json");
  const row = await db
    .selectFrom("production_bundles")
    .select("packHash")
    .where("jsHash", "=", jsHash)
    .where("vendorId", "=", vendorManifestId(manifest))
    .executeTakeFirst();
  if (row) {
    cache.set(key, row.packHash);
    return assetUrl(row.packHash, "json");
  }
  scheduleProductionPack(options);
  return null;
}

/** Queues a build's production bundle (publishing calls this so the first visitor gets it). */
export function scheduleProductionPack(job: Job): void {
  const keys = ofDatabase(started, job.db, () => new Set<string>());
  const key = keyOf(job.manifest, job.jsHash);
  if (keys.has(key) || queue.length >= QUEUE_MAX) return;
  keys.add(key);
  queue.push(job);
  draining ??= drain();
}

async function drain(): Promise<void> {
  // build() never throws: a failure is logged and the version keeps the shared pack.
  for (let job = queue.shift(); job; job = queue.shift()) await build(job);
  draining = null;
}

async function build(job: Job): Promise<void> {
  const { db, manifest, jsHash } = job;
  const runtimeUrl = manifest.imports["@liftoff/runtime"];
  try {
    const artifact = await db
      .selectFrom("build_artifacts")
      .select("content")
      .where("hash", "=", jsHash)
      .executeTakeFirst();
    if (!artifact || !runtimeUrl) return;
    const began = performance.now();
    const pack = await bundleAppForProduction({ appJs: artifact.content, runtimeUrl });
    const body = JSON.stringify(pack);
    const packHash = createHash("sha256").update(body).digest("hex");
    await db
      .insertInto("build_artifacts")
      .values({ hash: packHash, contentType: "application/json; charset=utf-8", content: body })
      .onConflict((oc) => oc.column("hash").doNothing())
      .execute();
    await db
      .insertInto("production_bundles")
      .values({
        jsHash,
        vendorId: vendorManifestId(manifest),
        packHash,
        durationMs: Math.round(performance.now() - began),
      })
      .onConflict((oc) => oc.columns(["jsHash", "vendorId"]).doNothing())
      .execute();
    ofDatabase(known, db, () => new Map<string, string>()).set(keyOf(manifest, jsHash), packHash);
    job.onReady();
  } catch (error) {
    // A closed database (a platform shutting down) or a bundling failure: the version keeps
    // the shared vendor pack. Not retried in this process; logged for the operator.
    log.warn("production bundle failed", { jsHash, error });
  }
}

/** Resolves when no production bundle is queued or being built (tests). */
export async function productionPacksIdle(): Promise<void> {
  while (draining) await draining;
}
