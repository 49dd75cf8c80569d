import { createRoute, z } from "@hono/zod-openapi";
import {
  chatActivateBodySchema,
  chatActivateResponseSchema,
  savedAppResponseSchema,
  savedAppVersionListSchema,
  updateAppStyleBodySchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { activateChatAssistant } from "./activate-chat-assistant.ts";
import { getSavedApp } from "./get-saved-app.ts";
import { savedAppKind } from "./read-saved-app.ts";
import { listSavedAppVersions, restoreSavedAppVersion } from "./saved-app-versions.ts";
import { updateAppStyle } from "./update-app-style.ts";

const tags = ["Generated apps"];
const params = z.object({ appId: z.string().min(1).max(100) });
const versionParams = params.extend({ number: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The builder's calls for generated apps and single tools: the saved document, its style,
 * its kept versions and the chat assistant. Saving the document is POST /api/apps and its
 * settings POST /api/apps/{id}/settings (spec section 7). Only the app's owner or a
 * platform admin gets in; anyone else sees 404.
 */
export function generatedAppRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const { db } = deps;
  const managed = async (c: Context<AppEnv>, appId: string) => {
    const found = await findManagedApp(deps, requireSession(c), appId);
    savedAppKind(found.app);
    return found;
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/saved-app",
      tags,
      summary: "The saved document of a generated app or single tool, upgraded to version 4",
      request: { params },
      responses: { 200: jsonResponse(savedAppResponseSchema, "Saved app"), ...errorResponses(400, 401, 404) },
    }),
    async (c) =>
      c.json(await getSavedApp({ db, managed: await managed(c, c.req.valid("param").appId) }), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/style",
      tags,
      summary: "Replace the app's style (hiding the watermark needs a plan that allows it)",
      request: { params, body: jsonBody(updateAppStyleBodySchema) },
      responses: { 200: jsonResponse(savedAppResponseSchema, "Saved"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId);
      return c.json(await updateAppStyle({ db, managed: found, body: c.req.valid("json") }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/saved-app/versions",
      tags,
      summary: "The kept saved versions of the app, newest first",
      request: { params },
      responses: {
        200: jsonResponse(savedAppVersionListSchema, "Versions"),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId);
      return c.json({ versions: await listSavedAppVersions({ db, managed: found }) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/saved-app/versions/{number}/restore",
      tags,
      summary: "Make a kept version the current document again (as a new version; the same rules as a save)",
      request: { params: versionParams },
      responses: { 200: jsonResponse(savedAppResponseSchema, "Restored"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { appId, number } = c.req.valid("param");
      const found = await managed(c, appId);
      return c.json(await restoreSavedAppVersion({ db, managed: found, number }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/chat/activate",
      tags,
      summary: "Switch the generated app's chat assistant on or off (platform admins)",
      request: { params, body: jsonBody(chatActivateBodySchema) },
      responses: {
        200: jsonResponse(chatActivateResponseSchema, "Chat assistant"),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId);
      const result = await activateChatAssistant({
        db,
        managed: found,
        isActive: c.req.valid("json").isActive,
      });
      return c.json(result, 200);
    },
  );

  return router;
}
