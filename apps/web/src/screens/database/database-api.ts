import {
  type CsvMappingItem,
  csvGenerateMappingResponseSchema,
  type EntityPermissions,
  type EntitySchema,
  entityPermissionsSchema,
  entitySchemaSchema,
} from "@liftoff/domain";
import { z } from "zod";
import { api, errorStatus } from "../../lib/api.ts";
import type { EntityRecord } from "./grid-model.ts";

export const entitySummarySchema = z.object({
  name: z.string(),
  schema: entitySchemaSchema,
  permissions: entityPermissionsSchema,
  version: z.number(),
  count: z.number(),
  updatedAt: z.string(),
});
export type EntitySummary = z.infer<typeof entitySummarySchema>;

const entitiesSchema = z.object({ entities: z.array(entitySummarySchema) });
const recordSchema = z.looseObject({ id: z.string() }) as unknown as z.ZodType<EntityRecord>;
const purgeSchema = z.object({ purged: z.number() });
const listSchema = z.object({ items: z.array(recordSchema), total: z.number().nullable() });

const enc = encodeURIComponent;

/** The builder's calls for one app's entities (docs/api.md "Entity API"). */
export function databaseApi(appId: string) {
  const entitiesPath = `/api/apps/${enc(appId)}/entities`;
  const records = (entity: string) => `${entitiesPath}/${enc(entity)}/records`;
  return {
    /** The builder grid's change stream of one entity (Server-Sent Events). */
    changesUrl: (entity: string) => `${records(entity)}/subscribe`,
    listEntities: () => api.get(entitiesPath, entitiesSchema).then((r) => r.entities),
    saveSchema: (schema: EntitySchema) => api.put(`${entitiesPath}/${enc(schema.name)}`, schema),
    deleteEntity: (entity: string) => api.delete(`${entitiesPath}/${enc(entity)}`),
    /** Removes stored values of fields the schema no longer declares; answers the rows rewritten. */
    purgeRemovedFields: (entity: string) =>
      api.post(`${entitiesPath}/${enc(entity)}/purge`, undefined, purgeSchema).then((r) => r.purged),
    setPermissions: (entity: string, permissions: EntityPermissions) =>
      api.put(`${entitiesPath}/${enc(entity)}/permissions`, permissions),
    listRecords: (entity: string, skip: number, limit: number, signal?: AbortSignal) =>
      api.get(
        `${records(entity)}?sort=${enc("createdAt:desc")}&limit=${limit}&skip=${skip}`,
        listSchema,
        signal ? { signal } : undefined,
      ),
    createRecord: (entity: string, data: Record<string, unknown>) =>
      api.post(records(entity), data, recordSchema),
    updateRecord: (entity: string, id: string, patch: Record<string, unknown>) =>
      api.put(`${records(entity)}/${enc(id)}`, patch, recordSchema),
    deleteRecord: (entity: string, id: string) => api.delete(`${records(entity)}/${enc(id)}`),
    deleteRecords: (entity: string, ids: string[]) =>
      api.delete(`${records(entity)}?ids=${ids.map(enc).join(",")}`),
    bulkCreate: (entity: string, rows: Record<string, unknown>[]) =>
      api.post(`${records(entity)}/bulk`, { records: rows }),
    generateMapping: (body: {
      headers: string[];
      previewData: string[][];
      schema: EntitySchema;
      entityName: string;
    }): Promise<CsvMappingItem[]> =>
      api.post("/api/csv/generateMapping", body, csvGenerateMappingResponseSchema).then((r) => r.mappings),
  };
}

export type DatabaseApi = ReturnType<typeof databaseApi>;

/** A 422: the server refused the rows themselves (all-or-nothing bulk create). */
export function isRowRejection(error: unknown): boolean {
  return errorStatus(error) === 422;
}
