import { AppError, callerUserId, canCreate, type EntityCaller, validateEntityRow } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { type EntityRecord, toEntityRecord } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { newRowId } from "./new-row-id.ts";
import { recordEntityChange } from "./record-entity-change.ts";

export const BULK_CREATE_MAX = 1000;

/**
 * bulkCreate is all-or-nothing: every record is validated first and one invalid record
 * rejects the batch with 422 and the errors of each failing index, so an app never ends up
 * with half a batch. (CSV import, which must keep the good rows, reports per row instead.)
 */
export async function bulkCreateEntityRows(options: {
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  inputs: unknown[];
}): Promise<EntityRecord[]> {
  const { deps, caller, appId, entity, inputs } = options;
  if (inputs.length > BULK_CREATE_MAX) {
    throw new AppError("BAD_REQUEST", `At most ${BULK_CREATE_MAX} records per bulk create`);
  }
  const loaded = await loadEntity(deps.db, appId, entity);
  if (!canCreate(loaded.permissions.write, caller)) {
    throw new AppError("FORBIDDEN", `You cannot create ${entity} records`);
  }
  const results = inputs.map((input) => validateEntityRow(loaded.schema, input, { mode: "create" }));
  const failed = results.flatMap((r, index) => (r.ok ? [] : [{ index, errors: r.errors }]));
  if (failed.length > 0) {
    throw new AppError(
      "UNPROCESSABLE",
      `${failed.length} of ${inputs.length} records are invalid; nothing was created`,
      {
        rows: failed,
      },
    );
  }
  if (inputs.length === 0) return [];
  const creatorId = callerUserId(caller);
  const { records, seqs } = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto("entity_rows")
      .values(
        results.map((r) => ({
          id: newRowId(),
          appId,
          entity,
          data: JSON.stringify(r.ok ? r.data : {}),
          creatorId,
        })),
      )
      .returningAll()
      .execute();
    const created = rows.map((row) => toEntityRecord(row));
    const logged: string[] = [];
    for (const record of created)
      logged.push(await recordEntityChange(trx, { appId, entity, op: "create", record }));
    return { records: created, seqs: logged };
  });
  const last = seqs.at(-1);
  if (last) await deps.bus.publish({ appId, entity, seq: last });
  return records;
}
