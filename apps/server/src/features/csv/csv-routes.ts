import { createRoute } from "@hono/zod-openapi";
import { csvGenerateMappingRequestSchema, csvGenerateMappingResponseSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { suggestCsvMapping } from "./suggest-csv-mapping.ts";

/**
 * AI mapping suggestions for the CSV import wizard, from the configured model. Without a
 * model, or when the model fails, the answer is a 503 with the reason, which the wizard
 * turns into the spec's "Couldn't generate AI mapping suggestions. Using basic mapping
 * instead."
 */
export function csvRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
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
        503: { description: "No AI model configured, or the model failed (details.reason says which)" },
      },
    }),
    async (c) => {
      requireSession(c);
      const mappings = await suggestCsvMapping(deps.ai, c.req.valid("json"));
      return c.json({ mappings }, 200);
    },
  );
  return router;
}
