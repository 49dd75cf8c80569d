import { createRoute, z } from "@hono/zod-openapi";
import {
  appListResponseSchema,
  appSummarySchema,
  okSchema,
  postAppsBodySchema,
  renameAppBodySchema,
  savedAppResponseSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { saveGeneratedApp } from "../generated-apps/save-generated-app.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { createBlankApp } from "./create-blank-app.ts";
import { deleteApp } from "./delete-app.ts";
import { findOwnedApp } from "./find-owned-app.ts";
import { listApps } from "./list-apps.ts";
import { renameApp } from "./rename-app.ts";
import { toAppSummary } from "./to-app-summary.ts";

const tags = ["Apps"];
const params = z.object({ appId: z.string().min(1).max(100) });

export function appRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const { db } = deps;

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps",
      tags,
      summary: "The signed-in user's apps, newest change first",
      responses: { 200: jsonResponse(appListResponseSchema, "Apps"), ...errorResponses(401) },
    }),
    async (c) => c.json({ apps: await listApps({ db, userId: requireSession(c).user.id }) }, 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps",
      tags,
      summary:
        "Create an app within the plan's limits ({appType, name}: 201), or save a generated app's or single tool's document ({appType, genApp | app, appBuilderVersion, appId}: 200, or 400 with a message per path and nothing changed)",
      request: { body: jsonBody(postAppsBodySchema) },
      responses: {
        200: jsonResponse(savedAppResponseSchema, "Saved"),
        201: jsonResponse(appSummarySchema, "Created"),
        ...errorResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const session = requireSession(c);
      if (body.appId !== undefined) {
        const managed = await findManagedApp(deps, session, body.appId);
        return c.json(await saveGeneratedApp({ db, managed, body: { ...body, appId: body.appId } }), 200);
      }
      const app = await createBlankApp({
        db,
        userId: session.user.id,
        kind: body.appType,
        name: body.name ?? "",
      });
      return c.json(app, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}",
      tags,
      summary: "One app",
      request: { params },
      responses: { 200: jsonResponse(appSummarySchema, "App"), ...errorResponses(401, 404) },
    }),
    async (c) =>
      c.json(
        toAppSummary(await findOwnedApp(db, requireSession(c).user.id, c.req.valid("param").appId)),
        200,
      ),
  );

  router.openapi(
    createRoute({
      method: "patch",
      path: "/api/apps/{appId}",
      tags,
      summary: "Rename an app",
      request: { params, body: jsonBody(renameAppBodySchema) },
      responses: { 200: jsonResponse(appSummarySchema, "Renamed"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const app = await renameApp({
        db,
        userId: requireSession(c).user.id,
        appId: c.req.valid("param").appId,
        name: c.req.valid("json").name,
      });
      return c.json(app, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/apps/{appId}",
      tags,
      summary: "Delete an app and everything in it",
      request: { params },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      await deleteApp({ db, userId: requireSession(c).user.id, appId: c.req.valid("param").appId });
      return c.json({ ok: true as const }, 200);
    },
  );

  return router;
}
