import type { Database } from "@liftoff/db";
import { AppError, canReadRow, type EntityCaller } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";
import type { LoadedEntity } from "./load-entity.ts";

/**
 * One row the caller may read. A row they may not read answers 404 exactly like a missing
 * one, so ids of other people's rows cannot be probed.
 */
export async function findReadableRow(
  db: Kysely<Database>,
  loaded: LoadedEntity,
  caller: EntityCaller,
  id: string,
): Promise<Selectable<Database["entity_rows"]>> {
  const row = await db
    .selectFrom("entity_rows")
    .selectAll()
    .where("appId", "=", loaded.appId)
    .where("entity", "=", loaded.name)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || !canReadRow(loaded.permissions.read, caller, row.creatorId)) {
    throw new AppError("NOT_FOUND", `${loaded.name} record not found`);
  }
  return row;
}
