import type { Database } from "@liftoff/db";
import type { FileChangeResult, VendorManifest } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { compileVersion } from "./compile-version.ts";
import { createAppVersion, type FileMap } from "./create-app-version.ts";

/**
 * One saved change of a space app's files: a new draft version, compiled right away (it
 * takes milliseconds), so the answer carries the diagnostics the editor shows inline.
 */
export async function saveAppChange(options: {
  db: Kysely<Database>;
  vendor: VendorManifest;
  appId: string;
  baseVersionId: string | null | undefined;
  userId: string;
  source?: string;
  change: (files: FileMap) => void;
}): Promise<FileChangeResult> {
  const { versionId } = await createAppVersion({
    db: options.db,
    appId: options.appId,
    baseVersionId: options.baseVersionId,
    change: options.change,
    source: options.source ?? "editor",
    createdBy: options.userId,
  });
  const build = await compileVersion({ db: options.db, vendor: options.vendor, versionId });
  return { versionId, compile: { ok: build.ok, diagnostics: build.diagnostics } };
}
