import { costlyStatement } from "@liftoff/db";
import { type EntityCaller, markScalarFields, parseFilterParam, readScope } from "@liftoff/domain";
import { type CompiledQuery, sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { checkFilterBudget } from "./filter-budget.ts";
import { loadEntity } from "./load-entity.ts";
import { runCostly } from "./run-costly.ts";
import { scopedRows } from "./scoped-rows.ts";

export async function countEntityRows(options: {
  deps: Pick<Deps, "db" | "dbKind">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  q?: string | undefined;
  /** The request's: a costly count still waiting for its turn is dropped when it aborts. */
  signal?: AbortSignal;
}): Promise<number> {
  const { deps, caller, appId, entity } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const filter = options.q ? markScalarFields(parseFilterParam(options.q), loaded.scalarPaths) : null;
  const scope = readScope(loaded.permissions.read, caller);
  if (scope.kind === "nothing") return 0;
  const costly = await checkFilterBudget({ deps, appId, entity, scope, filter });
  const query = scopedRows(deps.db, { appId, entity, scope, filter })
    .select(sql<number>`count(*)::int`.as("n"))
    .compile();
  if (!costly) return (await deps.db.executeQuery(query)).rows[0]?.n ?? 0;
  const marked: CompiledQuery<{ n: number }> = { ...query, sql: costlyStatement(query.sql) };
  return runCostly(
    deps.dbKind,
    async () => (await deps.db.executeQuery(marked)).rows[0]?.n ?? 0,
    options.signal,
    appId,
  );
}
