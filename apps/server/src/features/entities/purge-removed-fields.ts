import type { Database } from "@liftoff/db";
import { AppError, entitySchemaSchema } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * Removes from an entity's stored rows the values of fields its schema no longer declares
 * (a schema change keeps them until this is asked for explicitly). Only top-level keys are
 * considered; nested values of declared object fields are left as they are. The schema row
 * is locked for the duration, so a concurrent schema save (re-adding a field) waits and
 * nothing it declares is removed. Row timestamps stay: no declared value changed, and no
 * change events are sent for the same reason. Answers how many rows were rewritten.
 */
export async function purgeRemovedFields(options: {
  db: Kysely<Database>;
  appId: string;
  entity: string;
}): Promise<{ purged: number }> {
  const { db, appId, entity } = options;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("entity_schemas")
      .select("schema")
      .where("appId", "=", appId)
      .where("name", "=", entity)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", `Entity "${entity}" not found`);
    const declared = JSON.stringify(Object.keys(entitySchemaSchema.parse(row.schema).properties));
    // Field names reach SQL only as one bound JSON array (`?` is jsonb's key-exists test).
    const result = await sql<{ n: number }>`
      with purged as (
        update entity_rows
        set data = (
          select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
          from jsonb_each(data)
          where ${declared}::jsonb ? key
        )
        where "appId" = ${appId} and entity = ${entity}
          and exists (select 1 from jsonb_object_keys(data) as k(key) where not (${declared}::jsonb ? key))
        returning 1
      )
      select count(*)::int as n from purged`.execute(trx);
    return { purged: result.rows[0]?.n ?? 0 };
  });
}
