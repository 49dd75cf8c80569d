import { AppError, canWriteRow, type EntityCaller } from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { assertValidRow } from "./assert-valid-row.ts";
import { type EntityRecord, toEntityRecord } from "./entity-record.ts";
import { findReadableRow } from "./find-readable-row.ts";
import { loadEntity } from "./load-entity.ts";
import { recordEntityChange } from "./record-entity-change.ts";

/**
 * Partial update: the given fields replace theirs, the rest stay. The merge happens in SQL
 * (`data || patch`) so two clients updating different fields at once both keep their
 * change; null clears a field.
 */
export async function updateEntityRow(options: {
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  id: string;
  input: unknown;
}): Promise<EntityRecord> {
  const { deps, caller, appId, entity, id, input } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const existing = await findReadableRow(deps.db, loaded, caller, id);
  if (!canWriteRow(loaded.permissions.write, caller, existing.creatorId)) {
    throw new AppError("FORBIDDEN", `You cannot change this ${entity} record`);
  }
  const patch = assertValidRow(loaded.schema, input, "update");
  const { record, seq } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("entity_rows")
      .set({
        data: sql<string>`${sql.ref("data")} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: new Date(),
      })
      .where("id", "=", id)
      .where("appId", "=", appId)
      .where("entity", "=", entity)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", `${entity} record not found`);
    const updated = toEntityRecord(row);
    return {
      record: updated,
      seq: await recordEntityChange(trx, { appId, entity, op: "update", record: updated }),
    };
  });
  await deps.bus.publish({ appId, entity, seq });
  return record;
}
