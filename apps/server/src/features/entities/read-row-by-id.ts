import { type Database, prepared } from "@liftoff/db";
import { CompiledQuery, type Kysely } from "kysely";
import { RECORD_TEXT_COLUMNS_SQL, type RecordTextRow } from "./entity-record.ts";

const ROWS_BY_ID = prepared(
  `select ${RECORD_TEXT_COLUMNS_SQL}, "appId", "entity" from "entity_rows" where "id" = any($1::text[])`,
);

/** Ids per statement; a larger turn is split. */
export const ROW_READ_BATCH_MAX = 500;

type Waiting = {
  appId: string;
  entity: string;
  id: string;
  resolve: (row: RecordTextRow | undefined) => void;
  reject: (error: unknown) => void;
};

// Per database handle (tests run several platforms in one process): the reads of this turn.
const turns = new WeakMap<Kysely<Database>, Waiting[]>();

/**
 * One row by id, read together with the other rows asked for in the same turn of the event
 * loop: one statement (`id = any($1)`, the primary key) for all of them instead of one
 * each. Under load many requests are parsed in one turn, and the write to Postgres and the
 * wake-up of its process were the largest single cost of a read in our process
 * (bench/entities/profile.ts). The statement is sent after every request in the batch
 * arrived, so each still reads data committed before it asked. A row of another app or
 * entity is answered as missing: ids are global, the check is here.
 */
export function readRowById(
  db: Kysely<Database>,
  appId: string,
  entity: string,
  id: string,
): Promise<RecordTextRow | undefined> {
  return new Promise((resolve, reject) => {
    let waiting = turns.get(db);
    if (!waiting) {
      waiting = [];
      turns.set(db, waiting);
      // After the poll phase: every request read from the sockets in this turn is queued.
      setImmediate(() => {
        turns.delete(db);
        for (let start = 0; start < waiting!.length; start += ROW_READ_BATCH_MAX) {
          void readBatch(db, waiting!.slice(start, start + ROW_READ_BATCH_MAX));
        }
      });
    }
    waiting.push({ appId, entity, id, resolve, reject });
  });
}

async function readBatch(db: Kysely<Database>, batch: Waiting[]): Promise<void> {
  try {
    const ids = [...new Set(batch.map((item) => item.id))];
    const { rows } = await db.executeQuery<RecordTextRow & { appId: string; entity: string }>(
      CompiledQuery.raw(ROWS_BY_ID, [ids]),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const item of batch) {
      const row = byId.get(item.id);
      item.resolve(row && row.appId === item.appId && row.entity === item.entity ? row : undefined);
    }
  } catch (error) {
    // One bad member must not fail the others (issue 12: a NUL id in one request failed
    // other tenants' concurrent gets): each is read again on its own, so only the members
    // whose own statement fails get the error.
    if (batch.length === 1) batch[0]!.reject(error);
    else for (const item of batch) void readBatch(db, [item]);
  }
}
