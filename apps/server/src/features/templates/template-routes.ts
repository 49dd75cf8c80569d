import { createRoute, z } from "@hono/zod-openapi";
import {
  appTemplateStateSchema,
  fillAppFromTemplateBodySchema,
  fillAppFromTemplateResponseSchema,
  templateIdSchema,
  templateListResponseSchema,
  useTemplateResponseSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter, SESSION_SECURITY } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { readStarterState } from "../space-apps/read-starter-state.ts";
import { fillAppFromTemplate } from "./fill-app-from-template.ts";
import { findTemplate } from "./find-template.ts";
import { type LoadedTemplate, loadTemplates } from "./load-templates.ts";
import { resolveTemplatesDir } from "./resolve-templates-dir.ts";
import { toTemplateSummary } from "./to-template-summary.ts";
import { useTemplate } from "./use-template.ts";

const tags = ["Templates"];
const params = z.object({ id: templateIdSchema });
const appParams = z.object({ appId: z.string().min(1).max(100) });

/**
 * The template library. Templates are read once at startup from the templates/ folder
 * (they ship with the code, so they cannot change while the server runs).
 */
export function templateRoutes(deps: Deps, options: { templates?: LoadedTemplate[] } = {}) {
  const router = createRouter();
  const templates = options.templates ?? loadTemplates(resolveTemplatesDir());
  const summaries = templates.map(toTemplateSummary);

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/templates",
      tags,
      summary: "The app templates anyone can start from",
      responses: { 200: jsonResponse(templateListResponseSchema, "Templates") },
    }),
    (c) => c.json(summaries, 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/templates/{id}/image",
      tags,
      summary: "A template's preview image",
      request: { params },
      responses: {
        200: {
          description: "The image (PNG or SVG)",
          content: { "image/png": { schema: z.any() }, "image/svg+xml": { schema: z.any() } },
        },
        ...errorResponses(404),
      },
    }),
    (c) => {
      const { image } = findTemplate(templates, c.req.valid("param").id);
      return new Response(image.bytes, {
        status: 200,
        headers: {
          "content-type": image.contentType,
          "cache-control": "public, max-age=3600",
          // An SVG opened directly must not run script in our origin.
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        },
      }) as never;
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/templates/{id}/use",
      security: SESSION_SECURITY,
      tags,
      summary: "Copy a template into a new space app owned by the caller (within the plan's limits)",
      request: { params },
      responses: {
        201: jsonResponse(useTemplateResponseSchema, "The new app"),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const template = findTemplate(templates, c.req.valid("param").id);
      const created = await useTemplate({ deps, userId: session.user.id, template });
      return c.json(created, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/template",
      security: SESSION_SECURITY,
      tags,
      summary: "Whether a template may fill this space app (it has no code of its own yet)",
      request: { params: appParams },
      responses: { 200: jsonResponse(appTemplateStateSchema, "State"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      // The app's builders only (its owner, platform admins); anyone else gets 404.
      const { app } = await findManagedApp(deps, requireSession(c), c.req.valid("param").appId, {
        spaceOnly: true,
      });
      const state = await readStarterState(deps.db, app.id);
      return c.json({ canUseTemplate: state.starterOnly }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/template",
      security: SESSION_SECURITY,
      tags,
      summary:
        "Fill this space app from a template: its files, entities and settings as a new draft version (only while the app has no code of its own)",
      request: { params: appParams, body: jsonBody(fillAppFromTemplateBodySchema) },
      responses: {
        200: jsonResponse(fillAppFromTemplateResponseSchema, "The new draft version, compiled"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const { app } = await findManagedApp(deps, session, c.req.valid("param").appId, { spaceOnly: true });
      const template = findTemplate(templates, c.req.valid("json").templateId);
      const filled = await fillAppFromTemplate({ deps, appId: app.id, userId: session.user.id, template });
      return c.json(filled, 200);
    },
  );

  return router;
}
