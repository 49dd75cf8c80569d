import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  connectorFilesQuerySchema,
  connectorFilesResponseSchema,
  connectorsResponseSchema,
  contextItemSchema,
  ingestMetadataBodySchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { savedAppKind } from "../generated-apps/read-saved-app.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { disconnectConnector } from "./disconnect-connector.ts";
import { finishConnect } from "./finish-connect.ts";
import { ingestConnectorItems } from "./ingest-connector-items.ts";
import { listConnectorFiles } from "./list-connector-files.ts";
import { listConnectors } from "./list-connectors.ts";
import { renderConnectPage } from "./render-connect-page.ts";
import { requireConnector } from "./require-connector.ts";
import { startConnect } from "./start-connect.ts";

const tags = ["Data sources"];
/** Any provider name is accepted here, so an unconfigured or unknown one answers 404, not 400. */
const providerParams = z.object({ provider: z.string().min(1).max(40) });
const appQuery = z.object({ appId: z.string().min(1).max(64) });

/**
 * Connectors of the data sources (spec sections 2 and 7: notes-workspace pages and
 * cloud-drive files): which are offered and connected, the OAuth connect and its callback,
 * the picker's file list, disconnecting, and adding picked files as items. Every route acts
 * on the signed-in builder's own connection only; tokens never leave the server.
 */
export function connectorRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const managed = async (c: Context<AppEnv>, appId: string) => {
    const found = await findManagedApp(deps, requireSession(c), appId);
    savedAppKind(found.app);
    return found;
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/integrations/fetchCarbonTokens",
      tags,
      summary: "The connectors this server offers and whether the builder is connected (never a token)",
      responses: { 200: jsonResponse(connectorsResponseSchema, "Connectors"), ...errorResponses(401) },
    }),
    async (c) => {
      const connectors = await listConnectors({ deps, userId: requireSession(c).user.id });
      return c.json({ connectors }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/integrations/connectors/{provider}/connect",
      tags,
      summary: "Start connecting: a redirect to the provider's consent page (open it in a popup)",
      request: { params: providerParams, query: appQuery },
      responses: { 302: { description: "To the provider's consent page" }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { provider } = c.req.valid("param");
      requireConnector(deps.config, provider);
      const found = await managed(c, c.req.valid("query").appId);
      const url = startConnect({ deps, userId: requireSession(c).user.id, provider, managed: found });
      return c.redirect(url, 302);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/integrations/connectors/{provider}/callback",
      tags,
      summary:
        "OAuth redirect target registered with the provider: stores the connection, then a page that closes",
      request: {
        params: providerParams,
        query: z.object({
          code: z.string().max(2_000).optional(),
          state: z.string().max(2_000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
      responses: {
        200: {
          description: "A page telling the builder page and closing",
          content: { "text/html": { schema: z.string() } },
        },
        400: {
          description: "State invalid, expired or someone else's",
          content: { "text/html": { schema: z.string() } },
        },
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { provider } = c.req.valid("param");
      const adapter = requireConnector(deps.config, provider);
      let outcome: Awaited<ReturnType<typeof finishConnect>>;
      let status: 200 | 400 = 200;
      try {
        outcome = await finishConnect({
          deps,
          userId: requireSession(c).user.id,
          provider,
          query: c.req.valid("query"),
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "BAD_REQUEST") throw error;
        outcome = { ok: false, provider: adapter.provider, appId: null, message: error.message };
        status = 400;
      }
      const page = renderConnectPage(outcome);
      c.header("content-security-policy", page.csp);
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      return c.html(page.html, status) as never;
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/integrations/connectors/{provider}/files",
      tags,
      summary: "The builder's files or pages at the provider, newest first (query searches by name)",
      request: { params: providerParams, query: connectorFilesQuerySchema },
      responses: {
        200: jsonResponse(connectorFilesResponseSchema, "Files"),
        ...errorResponses(400, 401, 404, 409),
        503: jsonResponse(
          z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          "Provider unavailable",
        ),
      },
    }),
    async (c) => {
      const { provider } = c.req.valid("param");
      const query = c.req.valid("query");
      const result = await listConnectorFiles({
        deps,
        userId: requireSession(c).user.id,
        provider,
        query: query.query,
        cursor: query.cursor,
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/integrations/connectors/{provider}",
      tags,
      summary: "Disconnect: forget the builder's connection and its tokens",
      request: { params: providerParams },
      responses: {
        200: jsonResponse(z.object({ ok: z.literal(true) }), "Disconnected"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      await disconnectConnector({
        deps,
        userId: requireSession(c).user.id,
        provider: c.req.valid("param").provider,
      });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/ingest/metadata",
      tags,
      summary: "Add files picked at a connector as data sources (read through the builder's connection)",
      request: { query: appQuery, body: jsonBody(ingestMetadataBodySchema) },
      responses: {
        201: jsonResponse(z.object({ contextItems: z.array(contextItemSchema) }), "Queued"),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("query").appId);
      const contextItems = await ingestConnectorItems({
        deps,
        managed: found,
        userId: requireSession(c).user.id,
        contextItems: c.req.valid("json").contextItems,
      });
      return c.json({ contextItems }, 201);
    },
  );

  return router;
}
