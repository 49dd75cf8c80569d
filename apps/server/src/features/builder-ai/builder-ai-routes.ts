import { createRoute, z } from "@hono/zod-openapi";
import {
  generateToolBodySchema,
  generateToolResponseSchema,
  magicCreateBodySchema,
  magicCreateResponseSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { generateAppTool } from "./generate-app-tool.ts";
import { magicCreateField } from "./magic-create-field.ts";

const tags = ["Builder AI"];
const params = z.object({ appId: z.string().min(1).max(100) });

/**
 * The generated-app builder's AI assistant (issue 15), from the configured model with
 * structured output: magic create of a custom field, and a whole tool from one sentence.
 * Without a model both answer the platform's 503 "No AI model is configured…".
 */
export function builderAiRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/builder/magicCreate",
      tags,
      summary: "Make a custom field from one sentence (needs an AI model)",
      request: { body: jsonBody(magicCreateBodySchema) },
      responses: {
        200: jsonResponse(magicCreateResponseSchema, "The field"),
        ...errorResponses(400, 401, 404, 422, 429),
        503: { description: "No AI model configured, or the model failed ('Magic edit failed')" },
      },
    }),
    async (c) => {
      const result = await magicCreateField({ deps, session: requireSession(c), body: c.req.valid("json") });
      return c.json({ result }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/tools/generate",
      tags,
      summary: "Write a whole draft tool from one sentence, for review (counts a tool generation)",
      request: { params, body: jsonBody(generateToolBodySchema) },
      responses: {
        200: jsonResponse(generateToolResponseSchema, "The draft tool, not saved"),
        ...errorResponses(400, 401, 403, 404, 429),
        503: { description: "No AI model configured, or the model failed (details.reason says which)" },
      },
    }),
    async (c) => {
      const tool = await generateAppTool({
        deps,
        session: requireSession(c),
        appId: c.req.valid("param").appId,
        body: c.req.valid("json"),
      });
      return c.json({ tool }, 200);
    },
  );

  return router;
}
