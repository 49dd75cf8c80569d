import type { Database } from "@liftoff/db";
import {
  AppError,
  type AppSummary,
  blockingDiagnostics,
  isServableBuild,
  type VendorManifest,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { toAppSummary } from "../apps/to-app-summary.ts";
import { scheduleProductionPack } from "../runtime/production-pack.ts";
import { forgetHostBoot } from "../runtime/resolve-host-boot.ts";
import { compileVersion } from "./compile-version.ts";

export const PUBLISH_NEEDS_VERSION_MESSAGE = "Add at least one page before publishing";
export const PUBLISH_BROKEN_MESSAGE = "The app has errors. Fix them before publishing.";

/**
 * Publishes the draft: end users get exactly this version from now on. A draft that does
 * not build, or builds with errors, is refused with those errors (422), so a published app
 * always starts; warnings do not block.
 */
export async function publishApp(options: {
  db: Kysely<Database>;
  vendor: VendorManifest;
  appId: string;
  draftVersionId: string | null;
}): Promise<AppSummary> {
  const { db, appId, draftVersionId } = options;
  if (!draftVersionId) throw new AppError("UNPROCESSABLE", PUBLISH_NEEDS_VERSION_MESSAGE);
  const build = await compileVersion({ db, vendor: options.vendor, versionId: draftVersionId });
  // The same rule the host page serves by (build-rules.ts): what publishes is what visitors get.
  if (!isServableBuild(build))
    throw new AppError("UNPROCESSABLE", PUBLISH_BROKEN_MESSAGE, {
      diagnostics: blockingDiagnostics(build.diagnostics),
    });
  const row = await db
    .updateTable("apps")
    .set({
      publishedVersionId: draftVersionId,
      publishedAt: new Date(),
      status: "published",
      updatedAt: new Date(),
    })
    .where("id", "=", appId)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The host page serves the new version at once (other instances within a few seconds).
  forgetHostBoot(db, appId);
  // Its production bundle is built now, in the background, so the first visitor gets it.
  if (build.jsHash)
    scheduleProductionPack({
      db,
      manifest: options.vendor,
      jsHash: build.jsHash,
      onReady: () => forgetHostBoot(db, appId),
    });
  return toAppSummary(row);
}
