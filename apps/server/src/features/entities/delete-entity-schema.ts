import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { announceAppChange } from "./announce-app-change.ts";

/** Deletes an entity with all its rows (the builder confirms this in the panel). */
export async function deleteEntitySchema(db: Kysely<Database>, appId: string, name: string): Promise<void> {
  const result = await db
    .deleteFrom("entity_schemas")
    .where("appId", "=", appId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("NOT_FOUND", `Entity "${name}" not found`);
  await announceAppChange(db, appId);
}
