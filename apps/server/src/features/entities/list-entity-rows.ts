import { compileSort, costlyStatement, preparedCompiled } from "@liftoff/db";
import {
  type EntityCaller,
  type FilterNode,
  filterRowCost,
  markScalarFields,
  markScalarSortKeys,
  parseFields,
  parseFilterParam,
  parseSort,
  type ReadScope,
  readScope,
} from "@liftoff/domain";
import { type CompiledQuery, sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { type RecordTextRow, recordJsonText, recordTextSelection } from "./entity-record.ts";
import { CHEAP_FILTER_ROW_COST, checkFilterBudget } from "./filter-budget.ts";
import { type LoadedEntity, loadEntity } from "./load-entity.ts";
import { runCostly } from "./run-costly.ts";
import { scopedRows } from "./scoped-rows.ts";

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 1000;
/** From this skip on, a page selects its ids before its rows (see compileList). */
export const DEFERRED_JOIN_MIN_SKIP = 1000;

export type ListQuery = {
  q?: string | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  fields?: string | undefined;
  skipTotal?: boolean | undefined;
};

/**
 * The statements of one list request, ready to run (the total's only without skipTotal).
 * `costly` holds the filter when it costs more per row than CHEAP_FILTER_ROW_COST: then
 * every run checks its budget first and the statements are marked costly (own pool), or,
 * when the counted work turns out small (FILTER_FAST_WORK), runs the unmarked `plain` ones.
 */
type PageStatements = {
  rows: CompiledQuery<RecordTextRow & { total_n?: number }>;
  total: CompiledQuery<{ n: number }> | null;
  /**
   * The rows statement also counts every match (`count(*) over ()`, as total_n): for a
   * costly-shaped filter, evaluating it once per candidate instead of twice (rows, then the
   * total) is half the work — a regex search over 7,000 candidates on PostgreSQL went from
   * 19.5 ms in two statements to 9.3 ms in one. `total` is still run for a page past the end.
   */
  totalInRows: boolean;
  skip: number;
};
type CompiledList = PageStatements & {
  costly: { filter: FilterNode; scope: ReadScope; plain: PageStatements } | null;
};

// Per loaded entity (a new object whenever the schema is reloaded, see entity-cache.ts):
// request parameters → compiled statements. Apps repeat the same few lists, and parsing
// the filter and building the SQL was a sixth of a list's CPU in our process.
const compiledLists = new WeakMap<LoadedEntity, Map<string, CompiledList | null>>();
const COMPILED_LISTS_PER_ENTITY = 200;

/**
 * A page of the rows the caller may read, filtered and sorted, as the JSON text of
 * `{items, total}` (each item's text is joined from the columns Postgres prints, see recordJsonText). Counting a large
 * table costs more than the page itself, so `skipTotal` (as in PocketBase) answers total
 * null instead. The caller and the entity are looked up at once (round trips overlap when
 * the caches are cold) and awaited in order, so failures keep their precedence.
 */
export async function listEntityRowsJson(options: {
  deps: Pick<Deps, "db" | "dbKind">;
  caller: Promise<EntityCaller>;
  appId: string;
  entity: string;
  query: ListQuery;
  /** The request's: a costly page still waiting for its turn is dropped when it aborts. */
  signal?: AbortSignal;
}): Promise<string> {
  const { deps, appId, entity, query } = options;
  const loading = loadEntity(deps.db, appId, entity);
  loading.catch(() => undefined);
  const caller = await options.caller;
  const loaded = await loading;
  const scope = readScope(loaded.permissions.read, caller);
  let cache = compiledLists.get(loaded);
  if (!cache) {
    cache = new Map();
    compiledLists.set(loaded, cache);
  }
  const key = [
    scope.kind === "creator" ? `creator:${scope.userId}` : scope.kind,
    query.q ?? "",
    query.sort ?? "",
    query.fields ?? "",
    query.limit ?? "",
    query.skip ?? "",
    query.skipTotal ? 1 : 0,
  ].join("\u0000");
  let compiled = cache.get(key);
  if (compiled === undefined) {
    // Bad parameters throw here every time; only good ones are kept.
    compiled = compileList(deps, loaded, scope, query);
    if (cache.size >= COMPILED_LISTS_PER_ENTITY) cache.clear();
    cache.set(key, compiled);
  }
  if (compiled === null) return page([], query.skipTotal ? null : 0);
  const { costly } = compiled;
  if (costly) {
    // The data decides whether the filter fits its budget, so this runs every time.
    const isCostly = await checkFilterBudget({
      deps,
      appId,
      entity,
      scope: costly.scope,
      filter: costly.filter,
    });
    // Bounded work after all (a regex over an indexed condition's few rows): a fast list.
    if (!isCostly) return runPage(deps, costly.plain);
    const marked = compiled;
    return runCostly(deps.dbKind, () => runPage(deps, marked), options.signal, appId);
  }
  // Named statements on PostgreSQL: with the schema's field names in the text, the plan is
  // made once per connection (see preparedCompiled). Marked on every use: the most recent stay.
  preparedCompiled(compiled.rows.sql);
  if (compiled.total) preparedCompiled(compiled.total.sql);
  return runPage(deps, compiled);
}

/** A page's rows and (unless skipped) its total, run at once (or in one statement, see totalInRows). */
async function runPage(deps: Pick<Deps, "db">, run: PageStatements): Promise<string> {
  if (run.totalInRows) {
    const rows = (await deps.db.executeQuery(run.rows)).rows;
    const first = rows[0];
    let total = first ? Number(first.total_n) : 0;
    // No row on this page tells nothing of the matches before it: count them apart.
    if (!first && run.skip > 0 && run.total) total = (await deps.db.executeQuery(run.total)).rows[0]?.n ?? 0;
    return page(rows.map(recordJsonText), total);
  }
  const [rows, total] = await Promise.all([
    deps.db.executeQuery(run.rows),
    run.total ? deps.db.executeQuery(run.total).then((r) => r.rows[0]?.n ?? 0) : null,
  ]);
  return page(rows.rows.map(recordJsonText), total);
}

/** The list's statements, or null when the caller may read nothing (after checking the parameters). */
function compileList(
  deps: Pick<Deps, "db">,
  loaded: LoadedEntity,
  scope: ReadScope,
  query: ListQuery,
): CompiledList | null {
  const known = Object.keys(loaded.schema.properties);
  const filter = query.q ? markScalarFields(parseFilterParam(query.q), loaded.scalarPaths) : null;
  const sortKeys = markScalarSortKeys(parseSort(query.sort, known), loaded.scalarPaths);
  const fields = parseFields(query.fields, known);
  if (scope.kind === "nothing") return null;
  const base = scopedRows(deps.db, { appId: loaded.appId, entity: loaded.name, scope, filter });
  const limit = Math.min(query.limit ?? LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT);
  const skip = query.skip ?? 0;
  // A deep page finds its ids first and prints only those rows: with OFFSET, Postgres
  // computes the select list of every skipped row too, and printing a row is most of its
  // cost (the grid jumping to row 99,000: 260 → 90 ms). Same filter, sort and id tiebreak.
  const rows =
    skip >= DEFERRED_JOIN_MIN_SKIP
      ? deps.db
          .selectFrom("entity_rows")
          .select(recordTextSelection(fields))
          .where("id", "in", base.select("id").orderBy(compileSort(sortKeys)).limit(limit).offset(skip))
          .orderBy(compileSort(sortKeys))
      : base.select(recordTextSelection(fields)).orderBy(compileSort(sortKeys)).limit(limit).offset(skip);
  const total = query.skipTotal ? null : base.select(sql<number>`count(*)::int`.as("n")).compile();
  if (filter && filterRowCost(filter) > CHEAP_FILTER_ROW_COST) {
    // Each candidate's evaluation is the dear part here: count the matches in the same scan.
    const totalInRows = total !== null && skip < DEFERRED_JOIN_MIN_SKIP;
    const compiledRows = totalInRows
      ? base
          .select(recordTextSelection(fields))
          .select(sql<number>`(count(*) over ())::int`.as("total_n"))
          .orderBy(compileSort(sortKeys))
          .limit(limit)
          .offset(skip)
          .compile()
      : rows.compile();
    const plain = { rows: compiledRows, total, totalInRows, skip };
    return {
      rows: { ...compiledRows, sql: costlyStatement(compiledRows.sql) },
      total: total && { ...total, sql: costlyStatement(total.sql) },
      totalInRows,
      skip,
      costly: { filter, scope, plain },
    };
  }
  return { rows: rows.compile(), total, totalInRows: false, skip, costly: null };
}

function page(items: string[], total: number | null): string {
  return `{"items":[${items.join(",")}],"total":${total === null ? "null" : String(total)}}`;
}
