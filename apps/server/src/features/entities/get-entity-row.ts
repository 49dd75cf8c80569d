import type { EntityCaller } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { type EntityRecord, toEntityRecord } from "./entity-record.ts";
import { findReadableRow } from "./find-readable-row.ts";
import { loadEntity } from "./load-entity.ts";

export async function getEntityRow(options: {
  deps: Pick<Deps, "db">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  id: string;
}): Promise<EntityRecord> {
  const loaded = await loadEntity(options.deps.db, options.appId, options.entity);
  return toEntityRecord(await findReadableRow(options.deps.db, loaded, options.caller, options.id));
}
