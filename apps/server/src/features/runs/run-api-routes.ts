import { createRoute, z } from "@hono/zod-openapi";
import { runApiResultSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody } from "../../http/openapi-helpers.ts";
import { APP_API_KEY_SECURITY, appApiKeyFirst } from "../../http/require-app-api-key.ts";
import { runBodySchema } from "./run-body-schema.ts";
import { startToolRun } from "./start-tool-run.ts";
import { streamRun } from "./stream-run.ts";
import { waitForRun } from "./wait-for-run.ts";

const id = z.string().min(1).max(100);

/**
 * The Run API: a program runs an app's published tools with one of the app's API keys
 * (`Authorization: Bearer lft_…`, made in the builder's settings). The key is checked
 * before anything else (appApiKeyFirst); then the run is exactly the live route's
 * (startToolRun: the same answers' checks, per-IP limits of the caller's address and
 * credits). `Accept: text/event-stream` gets the same stream as the live route; otherwise
 * the answer is JSON once the run has finished.
 */
export function runApiRoutes(deps: Deps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/apps/{appId}/tools/{toolId}/runs",
      tags: ["Run API"],
      security: APP_API_KEY_SECURITY,
      middleware: [appApiKeyFirst(deps)],
      summary:
        "Run a published tool with an app API key: JSON once the run has finished, or Server-Sent Events with Accept: text/event-stream",
      description:
        "Authenticate with `Authorization: Bearer lft_…`, an API key of this app (settings → API keys). The same answers' checks, per-IP daily and weekly limits and credits apply as to the app's own pages. The JSON answer holds the run's blocks (text, verdicts), status, tokens used and credits charged; the stream sends `snapshot`, phase, block-delta, block-end, block-validated, block-failed, suggestions, error and done events, and `ping` every 10 s.",
      request: { params: z.object({ appId: id, toolId: id }), body: jsonBody(runBodySchema) },
      responses: {
        200: {
          description: "The finished run (application/json), or its events (text/event-stream)",
          content: {
            "application/json": { schema: runApiResultSchema },
            "text/event-stream": { schema: z.string() },
          },
        },
        ...errorResponses(400, 401, 403, 404, 409, 429, 503),
      },
    }),
    async (c) => {
      const { appId, toolId } = c.req.valid("param");
      const view = await startToolRun({
        deps,
        appId,
        toolId,
        body: c.req.valid("json"),
        ip: clientIp(c, deps.config.trustProxyHops),
        headers: c.req.raw.headers,
      });
      if ((c.req.header("accept") ?? "").includes("text/event-stream"))
        return streamRun({ c, deps, appId, runId: view.id });
      return c.json(await waitForRun({ deps, appId, runId: view.id }), 200);
    },
  );

  return router;
}
