import { type Database, ensureEntityIndexes } from "@liftoff/db";
import { AppError, type EntitySchema, entitySchemaSchema } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { announceAppChange } from "./announce-app-change.ts";

/**
 * Creates or replaces an entity's schema. Stored rows are never rewritten: a field removed
 * from the schema stays in the rows' data (and reappears if the field is added back) until
 * the builder purges it explicitly (purgeRemovedFields).
 */
export async function saveEntitySchema(options: {
  db: Kysely<Database>;
  appId: string;
  name: string;
  schema: unknown;
  /**
   * Inside a transaction the declared indexes cannot be built (CREATE INDEX CONCURRENTLY):
   * the caller builds them after commit with ensureEntityIndexes.
   */
  skipIndexes?: boolean;
}): Promise<{ schema: EntitySchema; version: number }> {
  const parsed = entitySchemaSchema.safeParse(options.schema);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      "BAD_REQUEST",
      issue ? `${issue.path.join(".") || "schema"}: ${issue.message}` : "Invalid schema",
      {
        fields: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      },
    );
  }
  if (parsed.data.name !== options.name) {
    throw new AppError(
      "BAD_REQUEST",
      `The schema's name "${parsed.data.name}" does not match "${options.name}"`,
    );
  }
  const row = await options.db
    .insertInto("entity_schemas")
    .values({ appId: options.appId, name: options.name, schema: JSON.stringify(parsed.data) })
    .onConflict((oc) =>
      oc.columns(["appId", "name"]).doUpdateSet((eb) => ({
        schema: eb.ref("excluded.schema"),
        version: eb(eb.ref("entity_schemas.version"), "+", 1),
        updatedAt: new Date(),
      })),
    )
    .returning(["version"])
    .executeTakeFirstOrThrow();
  await announceAppChange(options.db, options.appId);
  if (!options.skipIndexes && parsed.data.indexes?.length)
    await ensureEntityIndexes(options.db, parsed.data.indexes);
  return { schema: parsed.data, version: row.version };
}
