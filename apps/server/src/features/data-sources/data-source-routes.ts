import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  contextItemPreviewSchema,
  contextItemSchema,
  contextItemsQuerySchema,
  contextItemsResponseSchema,
  DATA_SOURCE_MESSAGES,
  ingestTextBodySchema,
  ingestWebBodySchema,
  renameContextItemBodySchema,
  replaceDataItemBodySchema,
  retrievalQueryBodySchema,
  retrievalResultSchema,
  savedAppResponseSchema,
  toolItemsResponseSchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { ZodError } from "zod";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter } from "../../http/create-router.ts";
import { validationBody } from "../../http/error-handler.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { takeRateLimit } from "../../http/rate-limit.ts";
import { requireSession } from "../../http/require-session.ts";
import { savedAppKind } from "../generated-apps/read-saved-app.ts";
import { clientNetworkOf } from "../runs/client-network-of.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { deleteContextItem, renameContextItem, resyncContextItem } from "./change-context-item.ts";
import { findContextItem } from "./find-context-item.ts";
import { ingestFiles } from "./ingest-files.ts";
import { ingestText } from "./ingest-text.ts";
import { ingestWeb } from "./ingest-web.ts";
import { listContextItems } from "./list-context-items.ts";
import { listToolItems, TOOL_ITEMS_RATE_LIMIT, TOOL_ITEMS_RATE_MESSAGE } from "./list-tool-items.ts";
import { readContextItemPreview } from "./read-context-item-preview.ts";
import { replaceDataItem } from "./replace-data-item.ts";
import { searchContext } from "./search-context.ts";
import { streamContextItems } from "./stream-context-items.ts";

const tags = ["Data sources"];

/**
 * Refused bodies answer with the field's own message (the spec's 'Please enter some text'
 * is what the builder reads), with every field's message in details as elsewhere.
 */
const specMessage = (result: { success: boolean; error?: unknown }, c: Context<AppEnv>) => {
  if (result.success) return undefined;
  const body = validationBody(result.error as ZodError);
  const first = (result.error as ZodError).issues[0];
  if (first) body.error.message = first.message;
  // The hook's answer type is the route's; a refusal is documented by errorResponses.
  return c.json(body, 400) as never;
};
const appQuery = z.object({ appId: z.string().min(1).max(64) });
const itemParams = z.object({ id: z.string().min(1).max(64) });
const toolsParams = z.object({ appId: z.string().min(1).max(64) });
const itemsResponse = z.object({ contextItems: z.array(contextItemSchema) });

/**
 * The builder's data sources (spec section 7 "Data sources", plus the web scraper, re-sync,
 * preview, live statuses and the test-retrieval box, ours). Only the app's owner or a
 * platform admin gets in; anyone else gets 404 for the app or the item alike.
 */
export function dataSourceRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const managed = async (c: Context<AppEnv>, appId: string) => {
    const found = await findManagedApp(deps, requireSession(c), appId);
    savedAppKind(found.app);
    return found;
  };
  const item = (c: Context<AppEnv>, id: string) => findContextItem(deps, requireSession(c), id);

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/context/items",
      tags,
      summary: "The app's data sources, newest first (status=unsynced lists those still waiting)",
      request: { query: contextItemsQuerySchema },
      responses: { 200: jsonResponse(contextItemsResponseSchema, "Items"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { appId, status } = c.req.valid("query");
      return c.json(await listContextItems({ deps, managed: await managed(c, appId), status }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/context/items/events",
      tags,
      summary: "Live data sources: a snapshot, then each item as its status or progress changes (SSE)",
      request: { query: contextItemsQuerySchema },
      responses: {
        200: {
          description: "text/event-stream of contextItemEventSchema: snapshot, item, removed",
          content: { "text/event-stream": { schema: z.string() } },
        },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { appId, status } = c.req.valid("query");
      const found = await managed(c, appId);
      return streamContextItems({ c, deps, managed: found, status }) as never;
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/ingest/file",
      tags,
      summary:
        "Upload files (multipart field 'file', repeated): CSV, PDF, DOC, DOCX or text; each becomes a pending item",
      request: { query: appQuery },
      responses: { 201: jsonResponse(itemsResponse, "Queued"), ...errorResponses(400, 401, 403, 404, 413) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("query").appId);
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
      });
      const field = form.file ?? form.files;
      const files = Array.isArray(field) ? field : field === undefined ? [] : [field];
      return c.json({ contextItems: await ingestFiles({ deps, managed: found, files }) }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/ingest/text",
      tags,
      summary: "Add pasted text as a data source",
      request: { query: appQuery, body: jsonBody(ingestTextBodySchema) },
      responses: { 201: jsonResponse(itemsResponse, "Queued"), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("query").appId);
      const body = c.req.valid("json");
      const created = await ingestText({ deps, managed: found, context: body.context, name: body.name });
      return c.json({ contextItems: [created] }, 201);
    },
    specMessage,
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/ingest/web",
      tags,
      summary: "Crawl a web site into a data source (same-site links, the plan's depth and pages)",
      request: { query: appQuery, body: jsonBody(ingestWebBodySchema) },
      responses: { 201: jsonResponse(itemsResponse, "Queued"), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("query").appId);
      const created = await ingestWeb({
        deps,
        managed: found,
        url: c.req.valid("json").url,
      });
      return c.json({ contextItems: [created] }, 201);
    },
    specMessage,
  );

  router.openapi(
    createRoute({
      method: "patch",
      path: "/api/context/{id}",
      tags,
      summary: "Rename a data source",
      request: { params: itemParams, body: jsonBody(renameContextItemBodySchema) },
      responses: { 200: jsonResponse(contextItemSchema, "Renamed"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const found = await item(c, c.req.valid("param").id);
      return c.json(await renameContextItem({ deps, item: found.item, name: c.req.valid("json").name }), 200);
    },
    specMessage,
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/context/{id}",
      tags,
      summary: "Delete a data source, its chunks and its stored file",
      request: { params: itemParams },
      responses: {
        200: jsonResponse(z.object({ ok: z.literal(true) }), "Deleted"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const found = await item(c, c.req.valid("param").id);
      await deleteContextItem({ deps, item: found.item });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/{id}/sync",
      tags,
      summary: "Read a data source again (after an error, a usage limit, or to pick up changes)",
      request: { params: itemParams },
      responses: { 200: jsonResponse(contextItemSchema, "Queued"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const found = await item(c, c.req.valid("param").id);
      return c.json(await resyncContextItem({ deps, item: found.item }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/context/{id}/chunks",
      tags,
      summary: "A data source's searchable chunks (the first 50) with their positions",
      request: { params: itemParams },
      responses: { 200: jsonResponse(contextItemPreviewSchema, "Preview"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const found = await item(c, c.req.valid("param").id);
      return c.json(await readContextItemPreview({ deps, item: found.item }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/context/search",
      tags,
      summary: "Test retrieval: what a query finds in the app's data sources, and why (scores and ranks)",
      request: { query: appQuery, body: jsonBody(retrievalQueryBodySchema) },
      responses: { 200: jsonResponse(retrievalResultSchema, "Results"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("query").appId);
      const body = c.req.valid("json");
      const result = await searchContext({
        db: deps.db,
        language: deps.config.dataSourcesLanguage,
        appId: found.app.id,
        query: body.query,
        itemIds: body.itemIds,
        limit: body.limit,
        embedder: deps.embedder,
        vectorSearch: deps.vectorSearch,
      });
      return c.json(result, 200);
    },
    specMessage,
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/tools/{appId}/replaceDataItem",
      tags,
      summary: "Make every tool of the app that uses one data source use another",
      request: { params: toolsParams, body: jsonBody(replaceDataItemBodySchema) },
      responses: {
        200: jsonResponse(savedAppResponseSchema, "Saved"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const found = await managed(c, c.req.valid("param").appId);
      const body = c.req.valid("json");
      return c.json(await replaceDataItem({ deps, managed: found, ...body }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/live_api/apps/{appId}/tools/{toolId}/fields/{field}/items",
      tags: ["Tool runs"],
      // Anyone who may run the tool: end users are often anonymous.
      security: [],
      summary:
        "The items a tool_item_select offers (rows of the source tool's CSV items lists); q finds the most similar",
      request: {
        params: z.object({
          appId: z.string().min(1).max(100),
          toolId: z.string().min(1).max(100),
          field: z.string().min(1).max(100),
        }),
        query: z.object({ q: z.string().max(200).optional() }),
      },
      responses: {
        200: jsonResponse(toolItemsResponseSchema, "Items"),
        ...errorResponses(400, 404, 429),
      },
    }),
    async (c) => {
      const { appId, toolId, field } = c.req.valid("param");
      // A search per keystroke of anonymous visitors: bounded per address (network) and app.
      const network = clientNetworkOf(clientIp(c, deps.config.trustProxyHops));
      takeRateLimit(`tool-items:${appId}:${network}`, TOOL_ITEMS_RATE_LIMIT, TOOL_ITEMS_RATE_MESSAGE);
      const items = await listToolItems({
        db: deps.db,
        language: deps.config.dataSourcesLanguage,
        appId,
        toolId,
        fieldName: field,
        query: c.req.valid("query").q,
      });
      return c.json({ items }, 200);
    },
  );

  return router;
}
