import type { Database } from "@liftoff/db";
import {
  AppError,
  diagnosticsForVisitors,
  planIdSchema,
  type RuntimeBundle,
  spaceAppShowsWatermark,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { loadEntitySchemas } from "../space-apps/load-entity-schemas.ts";
import { readAppDetails } from "../space-apps/read-app-details.ts";
import { readSpaceAppSettings } from "../space-apps/read-space-app-settings.ts";
import { signFrameGrant } from "./frame-grant.ts";
import { isRuntimeAdmin } from "./is-runtime-admin.ts";

export const APP_NOT_PUBLISHED_MESSAGE = "This app is not published yet";
export const APP_NOTHING_YET_MESSAGE = "This app has nothing to show yet";

/** The URL of a build artifact (content-hashed, immutable). */
export const assetUrl = (hash: string, ext: "js" | "css" | "json") => `/runtime/assets/${hash}.${ext}`;

/**
 * The version anyone gets without credentials: a space app's published version, or none
 * (then only the app's admins see anything). /runtime/bundle and the host page's boot data
 * (`resolveHostPage`) both decide by this.
 */
export function publicVersionId(app: { kind: string; publishedVersionId: string | null }): string | null {
  return app.kind === "space" ? app.publishedVersionId : null;
}

/**
 * GET /runtime/bundle: what the host page and the frame need to start a space app. The
 * published version for everyone; the draft (`channel: draft`, or an unpublished app) only
 * for the app's admins. Anyone else asking for an unpublished app gets 403 with the app id
 * and slug, so the host page can send them to the app's login page.
 */
export async function loadRuntimeBundle(options: {
  deps: Pick<Deps, "db" | "auth" | "config" | "vendor">;
  headers: Headers;
  appId: string | null;
  channel: "published" | "draft";
}): Promise<RuntimeBundle> {
  const { deps, channel } = options;
  const db: Kysely<Database> = deps.db;
  const app = options.appId
    ? await db
        .selectFrom("apps")
        .innerJoin("accounts", "accounts.id", "apps.accountId")
        .selectAll("apps")
        .select(["accounts.userId as ownerId", "accounts.plan as ownerPlan"])
        .where("apps.id", "=", options.appId)
        .executeTakeFirst()
    : undefined;
  if (app?.kind !== "space") throw new AppError("NOT_FOUND", "App not found");

  const isAdmin = await isRuntimeAdmin({ deps, headers: options.headers, app });
  const denied = { appId: app.id, slug: app.slug };
  let versionId: string | null;
  let served: RuntimeBundle["channel"];
  if (channel === "draft") {
    if (!isAdmin) throw new AppError("FORBIDDEN", "Only the app's admins can preview its draft", denied);
    versionId = app.draftVersionId;
    served = "draft";
  } else if (publicVersionId(app)) {
    versionId = publicVersionId(app);
    served = "published";
  } else {
    // The reason lets the host page say "not published yet" instead of asking for a sign-in
    // that would not help: no end user sees an unpublished app.
    if (!isAdmin)
      throw new AppError("FORBIDDEN", APP_NOT_PUBLISHED_MESSAGE, { ...denied, reason: "not_published" });
    versionId = app.draftVersionId;
    served = "draft";
  }
  if (!versionId) throw new AppError("NOT_FOUND", APP_NOTHING_YET_MESSAGE, denied);

  const build = await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  const settings = readSpaceAppSettings(app.data);
  const details = readAppDetails(app);
  const { entities, userEntity } = await loadEntitySchemas(db, app.id);
  const plan = app.ownerPlan === null ? null : planIdSchema.catch("lite").parse(app.ownerPlan);
  return {
    app: {
      id: app.id,
      slug: app.slug,
      name: app.name,
      description: details.description,
      icon: details.icon,
      mainPage: settings.mainPage,
      isSignupEnabled: settings.isSignupEnabled,
      termsOfServiceLink: settings.termsOfServiceLink,
      privacyPolicyLink: settings.privacyPolicyLink,
      supportEmail: settings.supportEmail,
      showWatermark: spaceAppShowsWatermark(plan),
    },
    versionId,
    channel: served,
    // Only admins are ever served a version other than the published one.
    ...(versionId !== publicVersionId(app)
      ? { frameGrant: signFrameGrant(deps.config.authSecret, app.id) }
      : {}),
    assets: {
      js: build.jsHash ? assetUrl(build.jsHash, "js") : null,
      css: build.cssHash ? assetUrl(build.cssHash, "css") : null,
    },
    pages: build.pages,
    entities,
    user_entity: userEntity,
    // Core integrations are built into every app; there are no per-app packages to list.
    installed_packages: [],
    // Blocking errors only: a warning never keeps a visitor from the app (build-rules.ts).
    diagnostics: diagnosticsForVisitors(build.diagnostics),
  };
}
