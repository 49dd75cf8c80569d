import type { DatabaseKind } from "@liftoff/db";
import {
  AppError,
  basicCsvMapping,
  CSV_MESSAGES,
  type CsvMappingItem,
  callerUserId,
  canCreate,
  createCsvParser,
  csvRowConverter,
  type EntityCaller,
  type EntityRowValidation,
  type FieldError,
} from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { takeRateLimit } from "../../http/rate-limit.ts";
import { createWorkGate } from "../../http/work-gate.ts";
import { chargeDataProcessing } from "../account/charge-data-processing.ts";
import { RECORD_JSONB_SQL, recordJsonText } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";
import { newRowId } from "./new-row-id.ts";

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * What an app's end users (anonymous visitors and signed-in users who are not the app's
 * admins) may import: an import is one transaction, and on the embedded database a
 * transaction holds its only connection, so every tenant waits for it (a 200,000-row
 * import by a self-signed-up user stalled them all, issue 12). Their file is parsed before
 * the transaction opens, which then holds the connection only for one insert; the bytes
 * count against the owner's monthly data processing. The caps are smaller on PGlite,
 * where an insert holds the one connection every tenant waits for: inserting 1,000 rows of
 * 1 KB there took 0.25–0.9 s on this 2-core machine (wasm, its memory growing), and with
 * 1,000 rows of 100 bytes another tenant's list still reached 460 ms at p99 while end users
 * imported in loops; with 250 rows of 100 bytes it stayed at 22 ms (import-isolation.test.ts).
 * On PostgreSQL an import holds one pooled connection of its own.
 */
export const END_USER_IMPORT = {
  limits: {
    pglite: { maxRows: 250, maxBytes: 25_000 },
    postgres: { maxRows: 1_000, maxBytes: 1_000_000 },
  } satisfies Record<DatabaseKind, { maxRows: number; maxBytes: number }>,
  /** Per user and app (per app for anonymous visitors). */
  rate: { limit: 5, windowMs: 60 * 60 * 1000 },
} as const;
// More than any END_USER_IMPORT maxRows: an end user's rows are one batch, written at the end.
const INSERT_BATCH = 2000;

/**
 * Imports write one at a time per process (createWorkGate), end users' and owners' alike:
 * each holds a connection — on the embedded database the only one — for its writes, and
 * its CPU (parsing here, jsonb and WAL in Postgres) competes with every other request, so
 * several at once put other tenants' statements behind all of them (import-isolation.test.ts:
 * five import loops made another tenant wait seconds; bench/isolation: on PostgreSQL an
 * owner's and end users' 1 MB imports side by side took another tenant's list to 302 ms at
 * p99). At most 16 wait, 4 per app; then 503.
 */
const imports = createWorkGate({
  limit: 1,
  waitingMax: 16,
  waitingPerKey: 4,
  busyMessage: "Too many imports are running. Try again shortly.",
  abandonedMessage: "The import was abandoned while waiting for its turn.",
});
const FAILED_ROWS_REPORTED = 1000;

export type ImportResult = {
  total: number;
  imported: number;
  failedCount: number;
  failed: { line: number; errors: FieldError[] }[];
};

/**
 * Imports a CSV in one pass: the file is decoded as a stream and fed to the incremental
 * parser, rows are converted with the spec's rules and validated, and good rows are
 * inserted in batches — all inside one transaction, so a crash or an error midway leaves
 * nothing half-written. Bad rows are skipped and reported with their line and reasons.
 */
export async function importEntityCsv(options: {
  deps: Pick<Deps, "db" | "bus" | "dbKind">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  /** Read only after the entity and the caller's right to write were checked. */
  readUpload: () => Promise<{ file: File; mapping?: CsvMappingItem[] | undefined }>;
}): Promise<ImportResult> {
  const { deps, caller, appId, entity } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  if (!canCreate(loaded.permissions.write, caller)) {
    throw new AppError("FORBIDDEN", `You cannot create ${entity} records`);
  }
  const endUser = caller.kind === "anonymous" || (caller.kind === "user" && !caller.isAppAdmin);
  if (endUser) {
    takeRateLimit(
      `import:${appId}:${callerUserId(caller) ?? "anonymous"}`,
      END_USER_IMPORT.rate,
      "Too many imports. Try again later.",
    );
  }
  const { file, mapping: givenMapping } = await options.readUpload();
  const endUserLimits = END_USER_IMPORT.limits[deps.dbKind];
  const endUserMaxBytes = endUserLimits.maxBytes;
  if (endUser && file.size > endUserMaxBytes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `An app user's CSV import may be at most ${endUserMaxBytes >= 1_000_000 ? `${endUserMaxBytes / 1_000_000} MB` : `${endUserMaxBytes / 1_000} KB`}`,
    );
  }
  if (file.size > IMPORT_MAX_BYTES) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The CSV file is too big (max ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
    );
  }
  if (file.size === 0) throw new AppError("BAD_REQUEST", CSV_MESSAGES.empty);
  if (endUser) await chargeDataProcessing(deps.db, { appId, bytes: file.size });

  const parser = createCsvParser();
  const creatorId = callerUserId(caller);
  const result: ImportResult = { total: 0, imported: 0, failedCount: 0, failed: [] };
  let mapping = givenMapping ?? null;

  let pending: string[] = [];
  let last: string | null = null;
  // One batch is written while the next one is parsed: Postgres works in its own process,
  // so parsing and inserting overlap instead of taking turns. Statements still run one
  // at a time on the transaction's connection.
  let writing: Promise<void> = Promise.resolve();
  // Set once the transaction is open (see below for when that is).
  let write: ((batch: string[]) => Promise<void>) | null = null;
  const flush = async () => {
    if (pending.length === 0) return;
    // An end user's rows are parsed before the transaction opens; they never fill a batch.
    if (!write) throw new Error("import: a batch to write before the transaction opened");
    const batch = pending;
    pending = [];
    await writing;
    writing = write(batch);
    // Surfaced by the next `await writing`; this only keeps Node from calling it unhandled.
    writing.catch(() => undefined);
  };
  let convert: ((row: readonly string[]) => EntityRowValidation) | null = null;
  const take = async (rows: string[][]) => {
    if (rows.length === 0) return;
    if (!convert) {
      // Rows come only after the header row, so the headers are known here.
      const headers = parser.headers ?? [];
      mapping ??= basicCsvMapping(headers, loaded.schema);
      convert = csvRowConverter({ schema: loaded.schema, headers, mappings: mapping });
    }
    for (const [index, row] of rows.entries()) {
      result.total += 1;
      if (endUser && result.total > endUserLimits.maxRows) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `An app user's CSV import may hold at most ${endUserLimits.maxRows.toLocaleString("en-US")} rows`,
        );
      }
      const converted = convert(row);
      if (!converted.ok) {
        result.failedCount += 1;
        if (result.failed.length < FAILED_ROWS_REPORTED) {
          result.failed.push({ line: parser.rowLines[index] ?? 0, errors: converted.errors });
        }
        continue;
      }
      pending.push(JSON.stringify(converted.data));
      if (pending.length >= INSERT_BATCH) await flush();
    }
  };
  const parseFile = async () => {
    const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      await take(parser.push(value));
    }
    await take(parser.end());
    for (const bad of parser.badRecords) {
      if (result.failed.length < FAILED_ROWS_REPORTED) {
        result.failed.push({ line: bad.line, errors: [{ field: "", message: bad.reason }] });
      }
    }
    result.failedCount += parser.badRecordCount;
    result.total += parser.badRecordCount;
    // Malformed records were kept apart by the parser: the report lists every row in file order.
    result.failed.sort((a, b) => a.line - b.line);
    if (parser.headers === null) throw new AppError("BAD_REQUEST", CSV_MESSAGES.empty);
  };
  // An end user's file (END_USER_IMPORT) is parsed and checked before anything is
  // written, so its write holds a connection — on the embedded database the only one,
  // which every tenant waits for — just for its one insert, not for the decoding and
  // parsing too (issue 12: other tenants' p99 while end users import). An owner's file (up
  // to 50 MB) streams through one transaction in batches instead (importRows).
  if (endUser) await parseFile();
  if (endUser && result.imported + pending.length === 0) {
    throw new AppError("BAD_REQUEST", CSV_MESSAGES.noValidRows, { failed: result.failed });
  }

  const importRows = () =>
    deps.db.transaction().execute(async (trx) => {
      // Every row of the import is created at the transaction's start (now() is fixed within
      // a transaction), so each change-log record is joined here from the JSON text already
      // at hand, instead of being built per row by Postgres (jsonb_build_object, to_char):
      // that was a sixth of the import's database time (bench/entities/import.ts).
      const { rows: clock } = await sql<{
        now: string;
      }>`select (now() at time zone 'UTC')::text as "now"`.execute(trx);
      const createdAt = clock[0]!.now;
      write = async (batch: string[]) => {
        // Rows and their change-log entries in one statement and one round trip. The batch
        // travels as three text parameters, ids comma-separated, rows and records one JSON
        // text per line (JSON.stringify never writes a line break), split by Postgres: no
        // array literal to escape here and unescape there, and the statement is the same
        // whatever the size.
        const ids = batch.map(() => newRowId());
        const records = batch.map((data, i) =>
          recordJsonText({ data, id: ids[i]!, createdAt, updatedAt: createdAt, creatorId }),
        );
        const logged = await sql<{ seq: string | null }>`
        with batch as (
          select t.id, t.data, t.record
          from unnest(
            string_to_array(${ids.join(",")}::text, ','),
            string_to_array(${batch.join("\n")}::text, E'\\n'),
            string_to_array(${records.join("\n")}::text, E'\\n')
          ) as t(id, data, record)
        ), inserted as (
          insert into entity_rows (id, "appId", entity, data, "creatorId")
          select b.id, ${appId}, ${entity}, b.data::jsonb, ${creatorId} from batch b
        ), logged as (
          insert into entity_changes ("appId", entity, "rowId", op, row, "creatorId")
          select ${appId}, ${entity}, b.id, 'create', b.record::jsonb, ${creatorId} from batch b
          returning seq
        )
        select max(seq)::text as seq from logged`.execute(trx);
        last = logged.rows[0]?.seq ?? last;
        result.imported += batch.length;
      };
      await parseFile();
      await writing;
      if (result.total === 0 || result.imported + pending.length === 0) {
        throw new AppError("BAD_REQUEST", CSV_MESSAGES.noValidRows, { failed: result.failed });
      }
      await flush();
      await writing;
      return last;
    });
  // An end user's rows (one batch, parsed above) go in as ONE statement, atomic by itself:
  // no BEGIN, clock query and COMMIT around it, whose round trips would each keep PGlite's
  // only connection held a little longer. The change-log records are built by Postgres
  // from the inserted rows (RECORD_JSONB_SQL, as a single create does).
  const insertEndUserRows = async () => {
    const batch = pending;
    pending = [];
    const ids = batch.map(() => newRowId());
    const logged = await sql<{ seq: string | null }>`
      with batch as (
        select t.id, t.data
        from unnest(
          string_to_array(${ids.join(",")}::text, ','),
          string_to_array(${batch.join("\n")}::text, E'\\n')
        ) as t(id, data)
      ), inserted as (
        insert into entity_rows (id, "appId", entity, data, "creatorId")
        select b.id, ${appId}, ${entity}, b.data::jsonb, ${creatorId} from batch b
        returning "id", "creatorId", ${sql.raw(RECORD_JSONB_SQL)} as "record"
      ), logged as (
        insert into entity_changes ("appId", entity, "rowId", op, row, "creatorId")
        select ${appId}, ${entity}, i.id, 'create', i.record, i."creatorId" from inserted i
        returning seq
      )
      select max(seq)::text as seq from logged`.execute(deps.db);
    result.imported += batch.length;
    return logged.rows[0]?.seq ?? null;
  };
  const lastSeq = await imports.run(endUser ? insertEndUserRows : importRows, { key: appId });
  if (lastSeq) await deps.bus.publish({ appId, entity, seq: lastSeq });
  return result;
}
