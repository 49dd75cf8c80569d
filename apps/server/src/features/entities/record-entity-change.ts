import type { Database } from "@liftoff/db";
import type { Kysely, Transaction } from "kysely";
import type { EntityRecord } from "./entity-record.ts";

/**
 * Appends to the change log inside the writing transaction, so a change is logged if and
 * only if it committed; realtime subscribers read from this log. Returns the sequence
 * number to announce on the change bus after commit.
 */
export async function recordEntityChange(
  trx: Transaction<Database> | Kysely<Database>,
  change: { appId: string; entity: string; op: "create" | "update" | "delete"; record: EntityRecord },
): Promise<string> {
  const row = await trx
    .insertInto("entity_changes")
    .values({
      appId: change.appId,
      entity: change.entity,
      rowId: change.record.id,
      op: change.op,
      row: JSON.stringify(change.record),
      creatorId: change.record.creatorId,
    })
    .returning("seq")
    .executeTakeFirstOrThrow();
  return String(row.seq);
}
