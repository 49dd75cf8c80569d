import { AppError, type EntityCaller, markScalarFields, parseFilterParam, writeScope } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { toEntityRecord } from "./entity-record.ts";
import { checkFilterBudget } from "./filter-budget.ts";
import { loadEntity } from "./load-entity.ts";
import { recordEntityChange } from "./record-entity-change.ts";
import { scopedRows } from "./scoped-rows.ts";

export const BULK_DELETE_MAX = 1000;

/**
 * Deletes rows by ids or by filter, touching only rows the caller may see and change. At
 * most BULK_DELETE_MAX per call so one request never holds a huge transaction; `hasMore`
 * tells the client to call again. Requiring `ids` or `q` (use `{}` for "everything I may
 * delete") keeps a bare DELETE from wiping a table by accident.
 */
export async function deleteEntityRows(options: {
  deps: Pick<Deps, "db" | "dbKind" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  ids?: string[] | undefined;
  q?: string | undefined;
}): Promise<{ deleted: number; hasMore: boolean }> {
  const { deps, caller, appId, entity, ids } = options;
  if (!ids && options.q === undefined) {
    throw new AppError("BAD_REQUEST", "Say which records to delete: pass ids or a q filter ({} for all)");
  }
  if (ids && ids.length > BULK_DELETE_MAX)
    throw new AppError("BAD_REQUEST", `At most ${BULK_DELETE_MAX} ids per call`);
  const loaded = await loadEntity(deps.db, appId, entity);
  const filter =
    options.q !== undefined ? markScalarFields(parseFilterParam(options.q), loaded.scalarPaths) : null;
  const scope = writeScope(loaded.permissions.read, loaded.permissions.write, caller);
  if (scope.kind === "nothing") return { deleted: 0, hasMore: false };
  // Refused over budget like a list; it runs in a transaction, so not on the costly pool.
  await checkFilterBudget({ deps, appId, entity, scope, filter });
  const result = await deps.db.transaction().execute(async (trx) => {
    let targets = scopedRows(trx, { appId, entity, scope, filter }).select("id");
    if (ids) targets = targets.where("id", "in", ids.length ? ids : [""]);
    const chosen = await targets.limit(BULK_DELETE_MAX + 1).execute();
    const batch = chosen.slice(0, BULK_DELETE_MAX).map((r) => r.id);
    if (batch.length === 0) return { deleted: 0, hasMore: false, last: null as string | null };
    const removed = await trx.deleteFrom("entity_rows").where("id", "in", batch).returningAll().execute();
    let last: string | null = null;
    for (const row of removed) {
      last = await recordEntityChange(trx, { appId, entity, op: "delete", record: toEntityRecord(row) });
    }
    return { deleted: removed.length, hasMore: chosen.length > BULK_DELETE_MAX, last };
  });
  if (result.last) await deps.bus.publish({ appId, entity, seq: result.last });
  return { deleted: result.deleted, hasMore: result.hasMore };
}
