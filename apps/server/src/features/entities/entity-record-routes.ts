import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  changeResumeIdSchema,
  csvMappingItemSchema,
  type EntityCaller,
  entityPermissionsSchema,
  okSchema,
  rowIdSchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps, SessionInfo } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonText } from "../../http/json-text.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { bulkCreateEntityRows } from "./bulk-create-entity-rows.ts";
import { countEntityRows } from "./count-entity-rows.ts";
import { createEntityRow } from "./create-entity-row.ts";
import { deleteEntityRow } from "./delete-entity-row.ts";
import { deleteEntityRows } from "./delete-entity-rows.ts";
import { getEntityRowJson } from "./get-entity-row.ts";
import { importEntityCsv } from "./import-entity-csv.ts";
import { LIST_MAX_LIMIT, listEntityRowsJson } from "./list-entity-rows.ts";
import { loadEntity } from "./load-entity.ts";
import { streamEntityChanges } from "./stream-entity-changes.ts";
import { updateEntityRow } from "./update-entity-row.ts";

export type CallerResolver = (options: {
  deps: Deps;
  appId: string;
  session: SessionInfo | null;
  /** The request's headers, for callers that carry an app token instead of a session. */
  headers?: Headers;
}) => Promise<EntityCaller>;

const params = z.object({ appId: z.string().min(1).max(100), entity: z.string().min(1).max(64) });
const rowParams = params.extend({ id: rowIdSchema });
const record = z.record(z.string(), z.unknown());
const listQuery = z.object({
  q: z.string().max(20_000).optional(),
  sort: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional(),
  skip: z.coerce.number().int().min(0).max(10_000_000).optional(),
  fields: z.string().max(2000).optional(),
  skipTotal: z.enum(["true", "false", "1", "0"]).optional(),
});

/**
 * The record routes of one entity, mounted twice: the runtime API that generated apps call
 * (access rules apply to the caller) and the builder's grid (the owner acts as builder).
 * `base` is the path up to the entity, e.g. /live_api/apps/{appId}/entities/{entity}.
 */
export function entityRecordRoutes(
  deps: Deps,
  options: { base: string; tag: string; resolveCaller: CallerResolver; auth?: "session" },
) {
  const router = createRouter({ auth: options.auth });
  const { base, resolveCaller } = options;
  const tags = [options.tag];
  const callerOf = (c: Context<AppEnv>, appId: string) =>
    resolveCaller({ deps, appId, session: c.get("session"), headers: c.req.raw.headers });

  router.openapi(
    createRoute({
      method: "get",
      path: base,
      tags,
      summary: "List records (filter with q, sort, limit, skip, fields, skipTotal)",
      request: { params, query: listQuery },
      responses: {
        200: jsonResponse(z.object({ items: z.array(record), total: z.number().int().nullable() }), "A page"),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const query = c.req.valid("query");
      const page = await listEntityRowsJson({
        deps,
        caller: callerOf(c, appId),
        appId,
        entity,
        query: { ...query, skipTotal: query.skipTotal === "true" || query.skipTotal === "1" },
        signal: c.req.raw.signal,
      });
      return jsonText(c, page, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/count`,
      tags,
      summary: "Count the records the caller may read (optionally filtered)",
      request: { params, query: z.object({ q: z.string().max(20_000).optional() }) },
      responses: {
        200: jsonResponse(z.object({ count: z.number().int() }), "Count"),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      return c.json(
        {
          count: await countEntityRows({
            deps,
            caller,
            appId,
            entity,
            q: c.req.valid("query").q,
            signal: c.req.raw.signal,
          }),
        },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/schema`,
      tags,
      summary: "The entity's schema and permissions",
      request: { params },
      responses: {
        200: jsonResponse(
          z.object({ name: z.string(), schema: record, permissions: entityPermissionsSchema }),
          "Schema",
        ),
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      await callerOf(c, appId);
      const loaded = await loadEntity(deps.db, appId, entity);
      return c.json({ name: loaded.name, schema: loaded.schema, permissions: loaded.permissions }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/subscribe`,
      tags,
      summary: "Live create/update/delete events (Server-Sent Events; resume with Last-Event-ID)",
      request: {
        params,
        query: z.object({
          q: z.string().max(20_000).optional(),
          lastEventId: changeResumeIdSchema.optional(),
        }),
        headers: z.object({ "last-event-id": changeResumeIdSchema.optional() }),
      },
      responses: { 200: { description: "text/event-stream" }, ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      const { q, lastEventId } = c.req.valid("query");
      const resumeFrom = c.req.valid("header")["last-event-id"] || lastEventId;
      return streamEntityChanges({ c, deps, caller, appId, entity, q, resumeFrom });
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/bulk`,
      tags,
      summary: "Create several records, all or nothing",
      request: { params, body: jsonBody(z.object({ records: z.array(z.unknown()).max(1000) })) },
      responses: {
        201: jsonResponse(z.object({ items: z.array(record) }), "Created"),
        ...errorResponses(400, 403, 404, 422),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      const items = await bulkCreateEntityRows({
        deps,
        caller,
        appId,
        entity,
        inputs: c.req.valid("json").records,
      });
      return c.json({ items }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/import`,
      tags,
      summary:
        "Import a CSV file (multipart field 'file'; optional 'mapping' JSON); failed rows are reported",
      request: { params },
      responses: {
        200: jsonResponse(
          z.object({
            total: z.number().int(),
            imported: z.number().int(),
            failedCount: z.number().int(),
            failed: z.array(
              z.object({
                line: z.number().int(),
                errors: z.array(z.object({ field: z.string(), message: z.string() })),
              }),
            ),
          }),
          "Imported",
        ),
        ...errorResponses(400, 403, 404, 413),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      const readUpload = async () => {
        const form = await c.req.parseBody().catch(() => {
          throw new AppError("BAD_REQUEST", "Send the CSV as multipart/form-data with a 'file' field");
        });
        const file = form.file;
        if (!(file instanceof File)) {
          throw new AppError("BAD_REQUEST", "Send the CSV as multipart/form-data with a 'file' field");
        }
        if (!/\.csv$/i.test(file.name)) throw new AppError("BAD_REQUEST", "The file must be a .csv file");
        if (typeof form.mapping !== "string") return { file };
        const parsed = z.array(csvMappingItemSchema).safeParse(safeJson(form.mapping));
        if (!parsed.success)
          throw new AppError("BAD_REQUEST", "mapping must be a JSON array of CSV mapping items");
        return { file, mapping: parsed.data };
      };
      return c.json(await importEntityCsv({ deps, caller, appId, entity, readUpload }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/{id}`,
      tags,
      summary: "One record (404 when missing or not readable)",
      request: { params: rowParams },
      responses: { 200: jsonResponse(record, "Record"), ...errorResponses(404) },
    }),
    async (c) => {
      const { appId, entity, id } = c.req.valid("param");
      const record = await getEntityRowJson({ deps, caller: callerOf(c, appId), appId, entity, id });
      return jsonText(c, record, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: base,
      tags,
      summary: "Create a record (validated against the schema; defaults applied)",
      request: { params, body: jsonBody(record) },
      responses: { 201: jsonResponse(record, "Created"), ...errorResponses(400, 403, 404, 422) },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      const created = await createEntityRow({ deps, caller, appId, entity, input: c.req.valid("json") });
      return jsonText(c, created, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: `${base}/{id}`,
      tags,
      summary: "Update some fields of a record",
      request: { params: rowParams, body: jsonBody(record) },
      responses: { 200: jsonResponse(record, "Updated"), ...errorResponses(400, 403, 404, 422) },
    }),
    async (c) => {
      const { appId, entity, id } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      return c.json(
        await updateEntityRow({ deps, caller, appId, entity, id, input: c.req.valid("json") }),
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: `${base}/{id}`,
      tags,
      summary: "Delete a record",
      request: { params: rowParams },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { appId, entity, id } = c.req.valid("param");
      const caller = await callerOf(c, appId);
      await deleteEntityRow({ deps, caller, appId, entity, id });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: base,
      tags,
      summary: "Delete records by ids (comma-separated) or by a q filter; at most 1000 per call",
      request: {
        params,
        query: z.object({ ids: z.string().max(100_000).optional(), q: z.string().max(20_000).optional() }),
      },
      responses: {
        200: jsonResponse(z.object({ deleted: z.number().int(), hasMore: z.boolean() }), "Deleted"),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const { ids, q } = c.req.valid("query");
      const caller = await callerOf(c, appId);
      const idList = ids
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      return c.json(await deleteEntityRows({ deps, caller, appId, entity, ids: idList, q }), 200);
    },
  );

  return router;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
