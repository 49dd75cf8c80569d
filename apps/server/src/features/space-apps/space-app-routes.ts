import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  appBuildResultSchema,
  appDetailsSchema,
  appFilesBundleSchema,
  appSettingsEnvelopeSchema,
  appSummarySchema,
  appVersionListSchema,
  deleteAppFileBodySchema,
  fileChangeResultSchema,
  generatedAppSettingsResponseSchema,
  previewTokenResponseSchema,
  setCustomHostBodySchema,
  spaceAppSettingsResponseSchema,
  updateAppDetailsBodySchema,
  updateAppFileBodySchema,
  updateSpaceAppSettingsBodySchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import {
  getGeneratedAppSettings,
  updateGeneratedAppSettings,
} from "../generated-apps/generated-app-settings.ts";
import { publishSavedApp } from "../generated-apps/publish-saved-app.ts";
import { buildFilesBundle } from "./build-files-bundle.ts";
import { compileVersion } from "./compile-version.ts";
import { createPreviewToken } from "./create-preview-token.ts";
import { deleteAppFile } from "./delete-app-file.ts";
import { assertCanEditCode, findManagedApp } from "./find-managed-app.ts";
import { getAppSettings } from "./get-app-settings.ts";
import { listAppVersions } from "./list-app-versions.ts";
import { publishApp } from "./publish-app.ts";
import { readAppDetails } from "./read-app-details.ts";
import { setCustomHost } from "./set-custom-host.ts";
import { unpublishApp } from "./unpublish-app.ts";
import { updateAppDetails } from "./update-app-details.ts";
import { updateAppFile } from "./update-app-file.ts";
import { updateAppSettings } from "./update-app-settings.ts";

const tags = ["Space apps"];
const params = z.object({ appId: z.string().min(1).max(100) });
const settingsQuery = z.object({ toolId: z.string().min(1).max(64).optional() });
const buildQuery = z.object({ versionId: z.string().min(1).max(100).optional() });

/**
 * Files, versions, builds, publishing, settings and details of space apps. Only the app's
 * owner or a platform admin gets in; anyone else sees 404. Settings, publish and unpublish
 * are one address for every kind of app (spec section 7), so those three hand generated
 * apps and single tools to features/generated-apps.
 */
export function spaceAppRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const { db } = deps;
  const vendor = () => deps.vendor.manifest;
  const managed = (c: Context<AppEnv>, appId: string, spaceOnly = true) =>
    findManagedApp(deps, requireSession(c), appId, { spaceOnly });
  // Writing code is admin-only: the owner who is not a platform admin gets 403 (others 404).
  const editable = async (c: Context<AppEnv>, appId: string) => {
    const found = await managed(c, appId);
    assertCanEditCode(found);
    return found;
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/files",
      tags,
      summary: "The App files bundle of the draft (empty with versionId null before the first save)",
      request: { params },
      responses: { 200: jsonResponse(appFilesBundleSchema, "Bundle"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { app } = await managed(c, c.req.valid("param").appId);
      return c.json(await buildFilesBundle(db, app, app.draftVersionId), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/files/update",
      tags,
      summary: "Create or replace a file (a new draft version, compiled at once); platform admins only",
      request: { params, body: jsonBody(updateAppFileBodySchema) },
      responses: {
        200: jsonResponse(fileChangeResultSchema, "New draft version"),
        ...errorResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const { app } = await editable(c, c.req.valid("param").appId);
      const result = await updateAppFile({
        db,
        vendor: vendor(),
        appId: app.id,
        userId: session.user.id,
        body: c.req.valid("json"),
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/files/delete",
      tags,
      summary:
        "Delete a file and rewrite the files that referenced it, in one new version; platform admins only",
      request: { params, body: jsonBody(deleteAppFileBodySchema) },
      responses: {
        200: jsonResponse(fileChangeResultSchema, "New draft version"),
        ...errorResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const { app } = await editable(c, c.req.valid("param").appId);
      const result = await deleteAppFile({
        db,
        vendor: vendor(),
        appId: app.id,
        userId: session.user.id,
        body: c.req.valid("json"),
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/versions",
      tags,
      summary: "The app's versions, newest first",
      request: { params },
      responses: { 200: jsonResponse(appVersionListSchema, "Versions"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { app } = await managed(c, c.req.valid("param").appId);
      return c.json({ versions: await listAppVersions(db, app) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/build",
      tags,
      summary: "Compile result (diagnostics) of a version, the draft by default",
      request: { params, query: buildQuery },
      responses: { 200: jsonResponse(appBuildResultSchema, "Build"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { app } = await managed(c, c.req.valid("param").appId);
      const versionId = c.req.valid("query").versionId ?? app.draftVersionId;
      if (!versionId) return c.json({ versionId: null, ok: true, diagnostics: [], pages: [] }, 200);
      const owned = await db
        .selectFrom("app_versions")
        .select("id")
        .where("id", "=", versionId)
        .where("appId", "=", app.id)
        .executeTakeFirst();
      if (!owned) throw new AppError("NOT_FOUND", "Version not found");
      const build = await compileVersion({ db, vendor: vendor(), versionId });
      return c.json(
        { versionId: build.versionId, ok: build.ok, diagnostics: build.diagnostics, pages: build.pages },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/publish",
      tags,
      summary:
        "Publish: a space app's draft (refused with the diagnostics when it does not compile), or a copy of a generated app's or single tool's saved document (refused without an active tool)",
      request: { params },
      responses: { 200: jsonResponse(appSummarySchema, "Published"), ...errorResponses(400, 401, 404, 422) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId, false);
      if (found.app.kind !== "space") return c.json(await publishSavedApp({ db, managed: found }), 200);
      const { app } = found;
      const published = await publishApp({
        db,
        vendor: vendor(),
        appId: app.id,
        draftVersionId: app.draftVersionId,
      });
      return c.json(published, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/unpublish",
      tags,
      summary: "Take the app offline for everyone but its admins",
      request: { params },
      responses: { 200: jsonResponse(appSummarySchema, "Unpublished"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { app } = await managed(c, c.req.valid("param").appId, false);
      return c.json(await unpublishApp(db, app.id), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/settings",
      tags,
      summary:
        "App settings: a space app's, or a generated app's or single tool's (with the texts of `toolId`, default the first tool)",
      request: { params, query: settingsQuery },
      responses: {
        200: jsonResponse(
          z.union([spaceAppSettingsResponseSchema, generatedAppSettingsResponseSchema]),
          "Settings",
        ),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId, false);
      if (found.app.kind !== "space")
        return c.json(getGeneratedAppSettings(found, c.req.valid("query").toolId), 200);
      return c.json(await getAppSettings(db, found.app), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/settings",
      tags,
      summary:
        "Change App settings (only the fields given). The fields are the kind's: a space app's (updateSpaceAppSettingsBody), or a generated app's or single tool's (updateAppSettingsBody; the texts go to the tool `toolId`, default the first); a bad value is a 400 naming its field",
      request: { params, query: settingsQuery, body: jsonBody(appSettingsEnvelopeSchema) },
      responses: {
        200: jsonResponse(
          z.union([spaceAppSettingsResponseSchema, generatedAppSettingsResponseSchema]),
          "Saved",
        ),
        ...errorResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId, false);
      const body = c.req.valid("json");
      if (found.app.kind !== "space") {
        const toolId = c.req.valid("query").toolId;
        return c.json(
          await updateGeneratedAppSettings({
            db,
            managed: found,
            body,
            authSecret: deps.config.authSecret,
            ...(toolId ? { toolId } : {}),
          }),
          200,
        );
      }
      const settings = updateSpaceAppSettingsBodySchema.parse(body);
      return c.json(await updateAppSettings({ db, managed: found, body: settings }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/details",
      tags,
      summary: "App details: name, slug, description, icon",
      request: { params },
      responses: { 200: jsonResponse(appDetailsSchema, "Details"), ...errorResponses(401, 404) },
    }),
    async (c) => c.json(readAppDetails((await managed(c, c.req.valid("param").appId, false)).app), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/details",
      tags,
      summary: "Change App details (the slug is unique: 409 when taken)",
      request: { params, body: jsonBody(updateAppDetailsBodySchema) },
      responses: { 200: jsonResponse(appDetailsSchema, "Saved"), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { app } = await managed(c, c.req.valid("param").appId, false);
      return c.json(await updateAppDetails({ db, app, body: c.req.valid("json") }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/domain",
      tags,
      summary: "Map a custom host name to the app, or remove it with null (Business plan and above)",
      request: { params, body: jsonBody(setCustomHostBodySchema) },
      responses: {
        200: jsonResponse(appSummarySchema, "Saved"),
        ...errorResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      // Any kind: generated apps and single tools are served on custom hosts too (issue 16).
      const found = await managed(c, c.req.valid("param").appId, false);
      const summary = await setCustomHost({
        db,
        managed: found,
        host: c.req.valid("json").host,
        platformHost: new URL(deps.config.publicUrl).hostname,
      });
      return c.json(summary, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/preview-token",
      tags,
      summary: "A short-lived app token (kind admin) for the builder's sandboxed preview",
      request: { params },
      responses: { 200: jsonResponse(previewTokenResponseSchema, "Token"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const session = requireSession(c);
      const { app } = await managed(c, c.req.valid("param").appId);
      return c.json(
        await createPreviewToken({ config: deps.config, appId: app.id, userId: session.user.id }),
        200,
      );
    },
  );

  return router;
}
