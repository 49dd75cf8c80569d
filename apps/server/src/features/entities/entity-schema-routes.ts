import { createRoute, z } from "@hono/zod-openapi";
import { entityPermissionsSchema, okSchema } from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { syncDraftEntities } from "../space-apps/sync-draft-entities.ts";
import { deleteEntitySchema } from "./delete-entity-schema.ts";
import { listEntitySchemas } from "./list-entity-schemas.ts";
import { purgeRemovedFields } from "./purge-removed-fields.ts";
import { resolveBuilderCaller } from "./resolve-entity-caller.ts";
import { saveEntitySchema } from "./save-entity-schema.ts";
import { setEntityPermissions } from "./set-entity-permissions.ts";

const tags = ["Entities (builder)"];
const appParams = z.object({ appId: z.string().min(1).max(100) });
const entityParams = appParams.extend({ entity: z.string().min(1).max(64) });
const summarySchema = z.object({
  name: z.string(),
  schema: z.record(z.string(), z.unknown()),
  permissions: entityPermissionsSchema,
  version: z.number().int(),
  count: z.number().int(),
  updatedAt: z.string(),
});

/** Schema management for the app owner (the Database panel; later also the chat assistant). */
export function entitySchemaRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const owner = async (c: Context<AppEnv>, appId: string) =>
    resolveBuilderCaller({ deps, appId, session: c.get("session") });

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/entities",
      tags,
      summary: "The app's entities with schemas, permissions and row counts",
      request: { params: appParams },
      responses: {
        200: jsonResponse(z.object({ entities: z.array(summarySchema) }), "Entities"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      await owner(c, appId);
      return c.json({ entities: await listEntitySchemas(deps.db, appId) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/apps/{appId}/entities/{entity}",
      tags,
      summary: "Create or replace an entity's schema (stored rows are kept)",
      request: { params: entityParams, body: jsonBody(z.record(z.string(), z.unknown())) },
      responses: {
        200: jsonResponse(z.object({ name: z.string(), version: z.number().int() }), "Saved"),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const { userId } = await owner(c, appId);
      const saved = await saveEntitySchema({ db: deps.db, appId, name: entity, schema: c.req.valid("json") });
      // A new entity must reach the draft's build (an import of it would not resolve).
      await syncDraftEntities({ db: deps.db, appId, userId });
      return c.json({ name: entity, version: saved.version }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/apps/{appId}/entities/{entity}/permissions",
      tags,
      summary: "Apply read/write permissions (a preset) to an entity",
      request: { params: entityParams, body: jsonBody(entityPermissionsSchema) },
      responses: { 200: jsonResponse(okSchema, "Applied"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      await owner(c, appId);
      await setEntityPermissions({ db: deps.db, appId, name: entity, permissions: c.req.valid("json") });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/entities/{entity}/purge",
      tags,
      summary: "Remove stored values of fields the schema no longer declares (kept until then)",
      request: { params: entityParams },
      responses: {
        200: jsonResponse(z.object({ purged: z.number().int() }), "Rows rewritten"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      await owner(c, appId);
      return c.json(await purgeRemovedFields({ db: deps.db, appId, entity }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/apps/{appId}/entities/{entity}",
      tags,
      summary: "Delete an entity and all its rows",
      request: { params: entityParams },
      responses: { 200: jsonResponse(okSchema, "Deleted"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId, entity } = c.req.valid("param");
      const { userId } = await owner(c, appId);
      await deleteEntitySchema(deps.db, appId, entity);
      await syncDraftEntities({ db: deps.db, appId, userId });
      return c.json({ ok: true as const }, 200);
    },
  );

  return router;
}
