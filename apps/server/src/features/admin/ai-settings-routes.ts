import { createRoute } from "@hono/zod-openapi";
import { discoverLocalModelServers } from "@liftoff/ai";
import {
  aiConnectionTestResponseSchema,
  aiModelListResponseSchema,
  aiSettingsResponseSchema,
  localModelServersResponseSchema,
  updateAiSettingsBodySchema,
} from "@liftoff/domain";
import { aiFailureToAppError } from "../../ai/ai-failure-to-app-error.ts";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireAdmin } from "../../http/require-session.ts";

const tags = ["Admin"];

/** The AI model of the instance, as platform admins see and override it (Admin → AI model). */
export function aiSettingsRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/ai-settings",
      tags,
      summary: "The AI model configuration in force and where it comes from (platform admins)",
      responses: { 200: jsonResponse(aiSettingsResponseSchema, "Settings"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      return c.json(deps.ai.settings(), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/ai-settings",
      tags,
      summary: "Override the environment's AI model configuration (an omitted apiKey keeps the stored one)",
      request: { body: jsonBody(updateAiSettingsBodySchema) },
      responses: { 200: jsonResponse(aiSettingsResponseSchema, "Saved"), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      return c.json(await deps.ai.saveOverride(c.req.valid("json")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/admin/ai-settings",
      tags,
      summary: "Drop the admin override: the environment's configuration applies again",
      responses: { 200: jsonResponse(aiSettingsResponseSchema, "Reset"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      return c.json(await deps.ai.clearOverride(), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/ai-models",
      tags,
      summary:
        "The configured provider's models for the model dropdown (cached; static list if the provider fails)",
      responses: { 200: jsonResponse(aiModelListResponseSchema, "Models"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      try {
        const list = await deps.ai.listModels();
        return c.json({ models: list.models, source: list.source }, 200);
      } catch (error) {
        throw aiFailureToAppError(error, "listing models");
      }
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/ai-local-servers",
      tags,
      summary:
        "Model servers answering on this machine (Ollama, LM Studio, llama.cpp, vLLM on their default ports), with their models",
      responses: {
        200: jsonResponse(localModelServersResponseSchema, "Servers found"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      requireAdmin(c, deps);
      const servers = await discoverLocalModelServers({ candidates: deps.config.aiLocalServers });
      c.header("cache-control", "no-store");
      return c.json({ servers }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/ai-settings/test",
      tags,
      summary:
        "Test settings with one real round trip to the model (latency and a sample reply); nothing is saved",
      request: { body: jsonBody(updateAiSettingsBodySchema) },
      responses: {
        200: jsonResponse(aiConnectionTestResponseSchema, "The model answered"),
        ...errorResponses(400, 401, 403, 503),
      },
    }),
    async (c) => {
      requireAdmin(c, deps);
      try {
        return c.json(await deps.ai.testConnection(c.req.valid("json")), 200);
      } catch (error) {
        // The provider's failure as a 503 with a message the admin can act on (never a 500).
        throw aiFailureToAppError(error, "testing the connection");
      }
    },
  );

  return router;
}
