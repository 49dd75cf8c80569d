import { compileSort } from "@liftoff/db";
import {
  type EntityCaller,
  markScalarFields,
  parseFields,
  parseFilterParam,
  parseSort,
  readScope,
} from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { type EntityRecord, toEntityRecord } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { scopedRows } from "./scoped-rows.ts";

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 1000;

export type ListQuery = {
  q?: string | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  fields?: string | undefined;
  skipTotal?: boolean | undefined;
};

/**
 * A page of the rows the caller may read, filtered and sorted. Counting a large table costs
 * more than the page itself, so `skipTotal` (as in PocketBase) answers total null instead.
 */
export async function listEntityRows(options: {
  deps: Pick<Deps, "db">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  query: ListQuery;
}): Promise<{ items: EntityRecord[]; total: number | null }> {
  const { deps, caller, appId, entity, query } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const known = Object.keys(loaded.schema.properties);
  const filter = query.q ? markScalarFields(parseFilterParam(query.q), loaded.scalarPaths) : null;
  const sortKeys = parseSort(query.sort, known);
  const fields = parseFields(query.fields, known);
  const scope = readScope(loaded.permissions.read, caller);
  if (scope.kind === "nothing") return { items: [], total: query.skipTotal ? null : 0 };
  const base = scopedRows(deps.db, { appId, entity, scope, filter });
  const limit = Math.min(query.limit ?? LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(compileSort(sortKeys))
      .limit(limit)
      .offset(query.skip ?? 0)
      .execute(),
    query.skipTotal
      ? Promise.resolve(null)
      : base
          .select(sql<number>`count(*)::int`.as("n"))
          .executeTakeFirstOrThrow()
          .then((r) => r.n),
  ]);
  return { items: rows.map((row) => toEntityRecord(row, fields)), total };
}
