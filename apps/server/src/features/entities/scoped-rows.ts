import { compileFilter, type Database } from "@liftoff/db";
import type { FilterNode, ReadScope } from "@liftoff/domain";
import type { Kysely, SelectQueryBuilder } from "kysely";

/**
 * The base query of every multi-row operation: one app's entity, narrowed to the rows the
 * caller's scope allows and to the filter. Callers check `scope.kind !== 'nothing'` first.
 */
export function scopedRows(
  db: Kysely<Database>,
  options: { appId: string; entity: string; scope: ReadScope; filter: FilterNode | null },
): SelectQueryBuilder<Database, "entity_rows", object> {
  let query = db
    .selectFrom("entity_rows")
    .where("appId", "=", options.appId)
    .where("entity", "=", options.entity);
  if (options.scope.kind === "creator") query = query.where("creatorId", "=", options.scope.userId);
  if (options.filter) query = query.where(compileFilter(options.filter));
  return query;
}
