import { type EntityCaller, markScalarFields, parseFilterParam, readScope } from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { loadEntity } from "./load-entity.ts";
import { scopedRows } from "./scoped-rows.ts";

export async function countEntityRows(options: {
  deps: Pick<Deps, "db">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  q?: string | undefined;
}): Promise<number> {
  const { deps, caller, appId, entity } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const filter = options.q ? markScalarFields(parseFilterParam(options.q), loaded.scalarPaths) : null;
  const scope = readScope(loaded.permissions.read, caller);
  if (scope.kind === "nothing") return 0;
  const row = await scopedRows(deps.db, { appId, entity, scope, filter })
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}
