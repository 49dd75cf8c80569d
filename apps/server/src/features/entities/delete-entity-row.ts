import { AppError, canWriteRow, type EntityCaller } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { toEntityRecord } from "./entity-record.ts";
import { findReadableRow } from "./find-readable-row.ts";
import { loadEntity } from "./load-entity.ts";
import { recordEntityChange } from "./record-entity-change.ts";

export async function deleteEntityRow(options: {
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  id: string;
}): Promise<void> {
  const { deps, caller, appId, entity, id } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const existing = await findReadableRow(deps.db, loaded, caller, id);
  if (!canWriteRow(loaded.permissions.write, caller, existing.creatorId)) {
    throw new AppError("FORBIDDEN", `You cannot delete this ${entity} record`);
  }
  const seq = await deps.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("entity_rows")
      .where("id", "=", id)
      .where("appId", "=", appId)
      .where("entity", "=", entity)
      .returningAll()
      .executeTakeFirst();
    if (!removed) return null;
    return recordEntityChange(trx, { appId, entity, op: "delete", record: toEntityRecord(removed) });
  });
  if (seq) await deps.bus.publish({ appId, entity, seq });
}
