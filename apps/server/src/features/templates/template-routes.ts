import { createRoute, z } from "@hono/zod-openapi";
import { templateIdSchema, templateListResponseSchema, useTemplateResponseSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter, SESSION_SECURITY } from "../../http/create-router.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findTemplate } from "./find-template.ts";
import { type LoadedTemplate, loadTemplates } from "./load-templates.ts";
import { resolveTemplatesDir } from "./resolve-templates-dir.ts";
import { toTemplateSummary } from "./to-template-summary.ts";
import { useTemplate } from "./use-template.ts";

const tags = ["Templates"];
const params = z.object({ id: templateIdSchema });

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

  return router;
}
