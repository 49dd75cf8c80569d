import type { Database } from "@liftoff/db";
import { type EntitySchema, entitySchemaSchema } from "@liftoff/domain";
import type { Kysely } from "kysely";

/** The built-in end-user entity's name: shown as `user_entity`, not among the app's entities. */
export const USER_ENTITY_NAME = "User";

/** The app's entity schemas by name, with the User entity split out. */
export async function loadEntitySchemas(
  db: Kysely<Database>,
  appId: string,
): Promise<{ entities: Record<string, { schema: EntitySchema }>; userEntity: EntitySchema | null }> {
  const rows = await db
    .selectFrom("entity_schemas")
    .select(["name", "schema"])
    .where("appId", "=", appId)
    .orderBy("name")
    .execute();
  const entities: Record<string, { schema: EntitySchema }> = {};
  let userEntity: EntitySchema | null = null;
  for (const row of rows) {
    const parsed = entitySchemaSchema.safeParse(row.schema);
    if (!parsed.success) continue;
    if (row.name === USER_ENTITY_NAME) userEntity = parsed.data;
    else entities[row.name] = { schema: parsed.data };
  }
  return { entities, userEntity };
}
