import type { Database } from "@liftoff/db";
import {
  AppError,
  type EntityPermissions,
  type EntitySchema,
  entitySchemaSchema,
  permissionsOf,
} from "@liftoff/domain";
import type { Kysely } from "kysely";

export type LoadedEntity = {
  appId: string;
  name: string;
  schema: EntitySchema;
  permissions: EntityPermissions;
};

/** The entity's schema and permissions; an unknown entity answers 404 with its name. */
export async function loadEntity(db: Kysely<Database>, appId: string, name: string): Promise<LoadedEntity> {
  const row = await db
    .selectFrom("entity_schemas")
    .select(["schema"])
    .where("appId", "=", appId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", `Entity "${name}" not found`);
  const schema = entitySchemaSchema.parse(row.schema);
  return { appId, name, schema, permissions: permissionsOf(schema) };
}
