import { randomUUID } from "node:crypto";
import { AppError, callerUserId, canCreate, type EntityCaller } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { assertValidRow } from "./assert-valid-row.ts";
import { type EntityRecord, toEntityRecord } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { recordEntityChange } from "./record-entity-change.ts";

export async function createEntityRow(options: {
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  input: unknown;
}): Promise<EntityRecord> {
  const { deps, caller, appId, entity, input } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  if (!canCreate(loaded.permissions.write, caller)) {
    throw new AppError("FORBIDDEN", `You cannot create ${entity} records`);
  }
  const data = assertValidRow(loaded.schema, input, "create");
  const { record, seq } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("entity_rows")
      .values({
        id: randomUUID(),
        appId,
        entity,
        data: JSON.stringify(data),
        creatorId: callerUserId(caller),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = toEntityRecord(row);
    return {
      record: created,
      seq: await recordEntityChange(trx, { appId, entity, op: "create", record: created }),
    };
  });
  await deps.bus.publish({ appId, entity, seq });
  return record;
}
