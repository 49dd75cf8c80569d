import type { Database } from "@liftoff/db";
import {
  type EntityPermissions,
  type EntitySchema,
  entitySchemaSchema,
  permissionsOf,
} from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

export type EntitySummary = {
  name: string;
  schema: EntitySchema;
  permissions: EntityPermissions;
  version: number;
  count: number;
  updatedAt: string;
};

/** The app's entities with their row counts, for the Database panel's sidebar. */
export async function listEntitySchemas(db: Kysely<Database>, appId: string): Promise<EntitySummary[]> {
  const rows = await db
    .selectFrom("entity_schemas as s")
    .select([
      "s.name",
      "s.schema",
      "s.version",
      "s.updatedAt",
      sql<number>`(select count(*)::int from entity_rows r where r."appId" = s."appId" and r.entity = s.name)`.as(
        "count",
      ),
    ])
    .where("s.appId", "=", appId)
    .orderBy("s.name")
    .execute();
  return rows.map((r) => {
    const schema = entitySchemaSchema.parse(r.schema);
    return {
      name: r.name,
      schema,
      permissions: permissionsOf(schema),
      version: r.version,
      count: r.count,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
