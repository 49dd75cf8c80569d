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
import { recordJson } from "./entity-record.ts";
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
 * A page of the rows the caller may read, filtered and sorted, as the JSON text of
 * `{items, total}` (each item's text comes from Postgres, see recordJson). Counting a large
 * table costs more than the page itself, so `skipTotal` (as in PocketBase) answers total
 * null instead. The caller and the entity are looked up at once (round trips overlap when
 * the caches are cold) and awaited in order, so failures keep their precedence.
 */
export async function listEntityRowsJson(options: {
  deps: Pick<Deps, "db">;
  caller: Promise<EntityCaller>;
  appId: string;
  entity: string;
  query: ListQuery;
}): Promise<string> {
  const { deps, appId, entity, query } = options;
  const loading = loadEntity(deps.db, appId, entity);
  loading.catch(() => undefined);
  const caller = await options.caller;
  const loaded = await loading;
  const known = Object.keys(loaded.schema.properties);
  const filter = query.q ? markScalarFields(parseFilterParam(query.q), loaded.scalarPaths) : null;
  const sortKeys = parseSort(query.sort, known);
  const fields = parseFields(query.fields, known);
  const scope = readScope(loaded.permissions.read, caller);
  if (scope.kind === "nothing") return page([], query.skipTotal ? null : 0);
  const base = scopedRows(deps.db, { appId, entity, scope, filter });
  const limit = Math.min(query.limit ?? LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT);
  const [rows, total] = await Promise.all([
    base
      .select(recordJson(fields).as("json"))
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
  return page(
    rows.map((row) => row.json),
    total,
  );
}

function page(items: string[], total: number | null): string {
  return `{"items":[${items.join(",")}],"total":${total === null ? "null" : String(total)}}`;
}
