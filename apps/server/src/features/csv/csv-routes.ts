import { createRoute } from "@hono/zod-openapi";
import { AppError, csvGenerateMappingRequestSchema, csvGenerateMappingResponseSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";

export const NO_AI_MODEL_MESSAGE =
  "No AI model is configured on this server, so mapping suggestions are unavailable. Set AI_* variables to enable them.";

/**
 * AI mapping suggestions for the CSV import wizard. The request is validated now; the
 * model call arrives with the AI layer (builder assistant issue). Until a model is
 * configured the answer is an honest 503, which the wizard turns into the spec's
 * "Couldn't generate AI mapping suggestions. Using basic mapping instead."
 */
export function csvRoutes(_deps: Deps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/csv/generateMapping",
      tags: ["Entities (builder)"],
      summary: "Suggest how CSV columns map to entity fields (needs an AI model)",
      request: { body: jsonBody(csvGenerateMappingRequestSchema) },
      responses: {
        200: jsonResponse(csvGenerateMappingResponseSchema, "Mappings"),
        ...errorResponses(400, 401),
        503: { description: "No AI model configured" },
      },
    }),
    async (c) => {
      requireSession(c);
      c.req.valid("json");
      throw new AppError("SERVICE_UNAVAILABLE", NO_AI_MODEL_MESSAGE);
    },
  );
  return router;
}
