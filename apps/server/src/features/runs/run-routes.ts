import { createRoute, z } from "@hono/zod-openapi";
import { AppError, toolRunListSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { listToolRuns } from "./list-tool-runs.ts";
import { memoriesResponseSchema, readCurrentMemories } from "./read-current-memories.ts";
import { runBodySchema } from "./run-body-schema.ts";
import { startToolRun } from "./start-tool-run.ts";
import { assertRunExists, streamRun } from "./stream-run.ts";
import { takeWatchSlot } from "./take-watch-slot.ts";
import { RUN_PHOTO_MESSAGES, uploadRunPhoto } from "./upload-run-photo.ts";

const tags = ["Tool runs"];
const id = z.string().min(1).max(100);
const sse = {
  200: {
    description:
      "text/event-stream: `snapshot` (the whole run), then phase, block-delta, block-end, block-validated, block-failed, suggestions, error and done events (runStreamEventSchema), and `ping` every 10 s",
  },
};

/**
 * End users run published tools (no platform session; a signed-in end user sends the app's
 * token), watch or re-attach to a run, and read their remembered answers; builders read
 * their apps' run history.
 */
export function runRoutes(deps: Deps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/live_api/apps/{appId}/tools/{toolId}/runs",
      tags,
      summary:
        "Run a published tool; the answer streams as Server-Sent Events and goes on if the client leaves",
      request: { params: z.object({ appId: id, toolId: id }), body: jsonBody(runBodySchema) },
      responses: { ...sse, ...errorResponses(400, 403, 404, 409, 429, 503) },
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
      return streamRun({ c, deps, appId, runId: view.id });
    },
  );

  // Multipart, read by the handler (like the integrations' uploads); documented by hand.
  router.post("/live_api/apps/:appId/tools/:toolId/photos", async (c) => {
    const body = await c.req.parseBody().catch(() => {
      throw new AppError("BAD_REQUEST", RUN_PHOTO_MESSAGES.missing);
    });
    const answer = await uploadRunPhoto({
      deps,
      appId: c.req.param("appId"),
      toolId: c.req.param("toolId"),
      file: body.file,
      ip: clientIp(c, deps.config.trustProxyHops),
      headers: c.req.raw.headers,
    });
    return c.json(answer, 201);
  });
  router.openAPIRegistry.registerPath({
    method: "post",
    path: "/live_api/apps/{appId}/tools/{toolId}/photos",
    tags,
    summary:
      "Upload a photo for a run's photo field (multipart `file`, an image of at most 10 MB); answers {file_url}",
    request: { params: z.object({ appId: id, toolId: id }) },
    responses: {
      201: jsonResponse(z.object({ file_url: z.string() }), "Stored"),
      ...errorResponses(400, 404, 413, 429),
    },
  });

  router.openapi(
    createRoute({
      method: "get",
      path: "/live_api/apps/{appId}/runs/{runId}/events",
      tags,
      summary:
        "Watch a run (snapshot first) until it is done: re-attach after a reload or a dropped connection",
      request: { params: z.object({ appId: id, runId: id }) },
      responses: { ...sse, ...errorResponses(404, 429) },
    }),
    async (c) => {
      const { appId, runId } = c.req.valid("param");
      const release = takeWatchSlot(clientIp(c, deps.config.trustProxyHops));
      try {
        await assertRunExists(deps, appId, runId);
      } catch (error) {
        release();
        throw error;
      }
      return streamRun({ c, deps, appId, runId, onClose: release });
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/live_api/user/memories/current",
      tags,
      summary:
        "The signed-in end user's remembered answers ('memorize' fields) in an app, to prefill its forms",
      request: { query: z.object({ appId: id }) },
      responses: { 200: jsonResponse(memoriesResponseSchema, "Memories"), ...errorResponses(400, 401) },
    }),
    async (c) => {
      const { appId } = c.req.valid("query");
      return c.json(await readCurrentMemories({ deps, appId, headers: c.req.raw.headers }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/runs",
      tags,
      security: [{ session: [] }],
      summary: "The app's latest runs with their outcome, usage and technical error details (builders)",
      request: {
        params: z.object({ appId: id }),
        query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
      },
      responses: { 200: jsonResponse(toolRunListSchema, "Runs"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { limit } = c.req.valid("query");
      await findManagedApp(deps, requireSession(c), appId);
      return c.json(await listToolRuns(deps.db, { appId, limit: limit ?? 50 }), 200);
    },
  );

  return router;
}
