import { AppError, canReadRow, type EntityCaller } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { recordJsonText } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { readRowById } from "./read-row-by-id.ts";

const ignore = () => undefined;

/**
 * One record as JSON text; 404 when it is missing or the caller may not read it (the same
 * answer, so ids of other people's rows cannot be probed). The caller, the entity and the
 * row are looked up at once: with the caches warm that is one statement (shared with the
 * other reads of the same turn, see readRowById), and
 * when they are cold the three round trips overlap instead of following each other. They
 * are awaited in order, so failures keep their precedence: caller, entity, row.
 */
export async function getEntityRowJson(options: {
  deps: Pick<Deps, "db">;
  caller: Promise<EntityCaller>;
  appId: string;
  entity: string;
  id: string;
}): Promise<string> {
  const { deps, appId, entity, id } = options;
  const loading = loadEntity(deps.db, appId, entity);
  const reading = readRowById(deps.db, appId, entity, id);
  loading.catch(ignore);
  reading.catch(ignore);
  const caller = await options.caller;
  const loaded = await loading;
  const row = await reading;
  if (!row || !canReadRow(loaded.permissions.read, caller, row.creatorId)) {
    throw new AppError("NOT_FOUND", `${loaded.name} record not found`);
  }
  return recordJsonText(row);
}
