import { prepared } from "@liftoff/db";
import { AppError, callerUserId, canCreate, type EntityCaller } from "@liftoff/domain";
import { CompiledQuery } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { assertValidRow } from "./assert-valid-row.ts";
import { RECORD_JSONB_SQL } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { newRowId } from "./new-row-id.ts";

// The row and its change-log entry in one statement: atomic without BEGIN/COMMIT, one round
// trip instead of four. The record is built once, logged as jsonb and answered as text.
const CREATE_ROW = prepared(`with "inserted" as (
  insert into "entity_rows" ("id", "appId", "entity", "data", "creatorId")
  values ($1, $2, $3, $4::jsonb, $5)
  returning "id", "creatorId", ${RECORD_JSONB_SQL} as "record"
), "logged" as (
  insert into "entity_changes" ("appId", "entity", "rowId", "op", "row", "creatorId")
  select $2, $3, "id", 'create', "record", "creatorId" from "inserted"
  returning "seq"
)
select "inserted"."record"::text as "json", "logged"."seq"::text as "seq" from "inserted", "logged"`);

/** Creates a record (validated, defaults applied) and answers its JSON text. */
export async function createEntityRow(options: {
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  input: unknown;
}): Promise<string> {
  const { deps, caller, appId, entity, input } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  if (!canCreate(loaded.permissions.write, caller)) {
    throw new AppError("FORBIDDEN", `You cannot create ${entity} records`);
  }
  const data = assertValidRow(loaded.schema, input, "create");
  const { rows } = await deps.db.executeQuery<{ json: string; seq: string }>(
    CompiledQuery.raw(CREATE_ROW, [newRowId(), appId, entity, JSON.stringify(data), callerUserId(caller)]),
  );
  const created = rows[0];
  if (!created) throw new Error("The insert returned no row");
  await deps.bus.publish({ appId, entity, seq: created.seq });
  return created.json;
}
