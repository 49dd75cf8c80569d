import type { Database } from "@liftoff/db";
import {
  AppError,
  type EntityPermissions,
  type EntitySchema,
  entitySchemaSchema,
  permissionsOf,
  scalarPathsOf,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { cached } from "./entity-cache.ts";

export type LoadedEntity = {
  appId: string;
  name: string;
  schema: EntitySchema;
  permissions: EntityPermissions;
  /** Fields the schema declares scalar, for markScalarFields (computed once per load). */
  scalarPaths: ReadonlySet<string>;
};

/**
 * The entity's schema and permissions; an unknown entity answers 404 with its name. Outside
 * transactions the answer comes from the entity cache (see entity-cache.ts for staleness).
 */
export async function loadEntity(db: Kysely<Database>, appId: string, name: string): Promise<LoadedEntity> {
  const loaded = db.isTransaction
    ? await readEntity(db, appId, name)
    : await cached(appId, "entity", name, () => readEntity(db, appId, name));
  if (!loaded) throw new AppError("NOT_FOUND", `Entity "${name}" not found`);
  return loaded;
}

async function readEntity(db: Kysely<Database>, appId: string, name: string): Promise<LoadedEntity | null> {
  const row = await db
    .selectFrom("entity_schemas")
    .select(["schema"])
    .where("appId", "=", appId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) return null;
  const schema = entitySchemaSchema.parse(row.schema);
  return { appId, name, schema, permissions: permissionsOf(schema), scalarPaths: scalarPathsOf(schema) };
}
