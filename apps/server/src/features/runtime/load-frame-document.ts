import { randomBytes } from "node:crypto";
import { AppError, isServableBuild } from "@liftoff/domain";
import { frameImportMap, renderFrameHtml } from "@liftoff/runtime/server";
import type { Deps } from "../../http/app-env.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { frameCsp } from "./frame-csp.ts";
import { verifyFrameGrant } from "./frame-grant.ts";
import { assetUrl } from "./load-runtime-bundle.ts";
import { preloadsForBuild } from "./preloads-for-build.ts";

export const FRAME_DRAFT_FORBIDDEN_MESSAGE = "Only the app's builders can open this version";

/**
 * GET /runtime/frame: the document a space app's version runs in, with its CSP.
 *
 * The app's published version is public, like the app. Any other version (the draft, an
 * older one) needs a frame grant of this app (`frame-grant.ts`), which only the app's
 * builders are given: with the builder preview's token, or in /runtime/bundle when it
 * serves them a draft. Unknown, foreign and unpublished versions answer alike (404 / 403)
 * so the route reveals nothing about another app's versions.
 */
export async function loadFrameDocument(options: {
  deps: Pick<Deps, "db" | "config" | "vendor">;
  appId: string;
  versionId: string;
  grant?: string | undefined;
  /** The origin this request reached (a custom host serves /runtime too). */
  requestOrigin: string;
  /** The host relays the modules (the published app's page, see renderFrameHtml's `relay`). */
  relay?: boolean;
}): Promise<{ html: string; csp: string }> {
  const { deps, appId, versionId } = options;
  const { db } = deps;
  const row = await db
    .selectFrom("app_versions")
    .innerJoin("apps", "apps.id", "app_versions.appId")
    .select(["app_versions.id", "apps.publishedVersionId", "apps.customHost", "apps.kind", "apps.name"])
    .where("app_versions.id", "=", versionId)
    .where("app_versions.appId", "=", appId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Version not found");
  const published = row.kind === "space" && row.publishedVersionId === versionId;
  if (!published && !verifyFrameGrant(deps.config.authSecret, appId, options.grant))
    throw new AppError("FORBIDDEN", FRAME_DRAFT_FORBIDDEN_MESSAGE);
  // Usually built already (the bundle compiles first); a version with errors has no frame.
  const build = await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  if (!isServableBuild(build) || !build.jsHash || !build.cssHash)
    throw new AppError("UNPROCESSABLE", "This version has errors and cannot run");
  const jsUrl = assetUrl(build.jsHash, "js");
  const nonce = options.relay ? randomBytes(18).toString("base64") : undefined;
  const html = renderFrameHtml({
    importMap: frameImportMap(deps.vendor.manifest),
    ...(nonce ? { relay: { nonce } } : {}),
    cssUrl: assetUrl(build.cssHash, "css"),
    jsUrl,
    appId,
    versionId,
    appName: row.name,
    preload: await preloadsForBuild({ db, manifest: deps.vendor.manifest, jsHash: build.jsHash, jsUrl }),
  });
  const platform = new URL(deps.config.publicUrl).origin;
  // The platform's pages, and the origin the frame was served from, whose pages are ours too
  // (the same server reached by another name, e.g. 127.0.0.1 next to a localhost
  // PUBLIC_URL). A custom host embeds the frame from itself (its pages use relative URLs):
  // named without a scheme so it matches the scheme the frame was served with, any port.
  // An app frame (opaque origin) never matches any of them, so apps cannot nest frames.
  const ancestors = [platform, options.requestOrigin, ...(row.customHost ? [`${row.customHost}:*`] : [])];
  return {
    html,
    csp: frameCsp(html, {
      scriptOrigins: [platform, options.requestOrigin],
      ancestors,
      ...(nonce ? { nonce } : {}),
    }),
  };
}
