import {
  CSV_MESSAGES,
  type CsvBadRecord,
  type CsvMappingItem,
  csvRowConverter,
  type EntitySchema,
  fieldErrorsMessage,
  formatCsv,
  GRID,
  inferColumnType,
} from "@liftoff/domain";
import { errorMessage } from "../../lib/api.ts";

export type ImportProgress = { completed: number; failed: number; total: number };

/** A converted row on its way to the server, with where it came from for the report. */
export type ImportRow = { line: number; values: readonly string[]; data: Record<string, unknown> };

/**
 * A row that was not imported: its line in the file (the header is line 1), its values as
 * read, and why — the parser's, the validation's or the server's own message.
 */
export type ImportFailure = { line: number; values: readonly string[]; reason: string };

export type ImportOutcome = {
  total: number;
  imported: number;
  failed: number;
  aborted: boolean;
  /** Every failed row, in file order. */
  failures: ImportFailure[];
};

export type ImportCalls = {
  /** POST /records/bulk: all-or-nothing. */
  bulkCreate: (records: Record<string, unknown>[]) => Promise<void>;
  /** POST /records: one row. */
  createOne: (record: Record<string, unknown>) => Promise<void>;
  /** Whether a failed bulk call refused its rows (422) rather than failed as a whole. */
  isRowRejection: (error: unknown) => boolean;
};

/**
 * The mapping after the user picks a field (or Skip) for one header: the data type follows
 * the chosen field's column type, as the wizard shows it.
 */
export function remapHeader(
  mappings: readonly CsvMappingItem[],
  csvHeader: string,
  schemaField: string | null,
  schema: Pick<EntitySchema, "properties">,
): CsvMappingItem[] {
  return mappings.map((item) => {
    if (item.csvHeader !== csvHeader) return item;
    const field = schemaField ? schema.properties[schemaField] : undefined;
    return {
      csvHeader,
      schemaField,
      dataType: field && schemaField ? inferColumnType(schemaField, field) : item.dataType,
    };
  });
}

/**
 * A mapping answer aligned with the file's headers: one item per header, in header order;
 * headers the answer left out are skipped, and fields not in the schema are dropped.
 */
export function alignMappings(
  headers: readonly string[],
  mappings: readonly CsvMappingItem[],
  schema: Pick<EntitySchema, "properties">,
): CsvMappingItem[] {
  return headers.map((csvHeader) => {
    const found = mappings.find((item) => item.csvHeader === csvHeader);
    if (!found?.schemaField) return { csvHeader, schemaField: null, dataType: "text" };
    const top = found.schemaField.split(".")[0]!;
    if (!Object.hasOwn(schema.properties, top)) return { csvHeader, schemaField: null, dataType: "text" };
    return found;
  });
}

/**
 * Converts every data row of a parsed file. Rows that fail conversion, and the records the
 * parser skipped as malformed, become failures up front with their line and reason.
 */
export function convertRows(
  schema: Pick<EntitySchema, "properties" | "required">,
  parsed: {
    headers: readonly string[];
    rows: readonly (readonly string[])[];
    rowLines: readonly number[];
    badRecords: readonly CsvBadRecord[];
  },
  mappings: readonly CsvMappingItem[],
): { rows: ImportRow[]; failures: ImportFailure[] } {
  const convert = csvRowConverter({ schema, headers: parsed.headers, mappings });
  const rows: ImportRow[] = [];
  const failures: ImportFailure[] = parsed.badRecords.map((bad) => ({
    line: bad.line,
    values: bad.values,
    reason: bad.reason,
  }));
  parsed.rows.forEach((values, index) => {
    const line = parsed.rowLines[index] ?? 0;
    const result = convert(values);
    if (result.ok) rows.push({ line, values, data: result.data });
    else failures.push({ line, values, reason: fieldErrorsMessage(result.errors) });
  });
  return { rows, failures: byLine(failures) };
}

function byLine(failures: ImportFailure[]): ImportFailure[] {
  return failures.sort((a, b) => a.line - b.line);
}

/**
 * Sends converted rows in batches of 10, three batches at a time (spec section 9). A batch
 * the server refuses (422, all-or-nothing) is retried row by row so only its bad rows fail,
 * each with the server's message; a batch that fails otherwise fails all its rows with that
 * error's message, and marks the run aborted when nothing at all was imported.
 */
export async function runImport(options: {
  rows: readonly ImportRow[];
  /** Rows already failed by parsing or conversion; they count in the total. */
  failedBeforeSending: readonly ImportFailure[];
  calls: ImportCalls;
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
  parallel?: number;
}): Promise<ImportOutcome> {
  const batchSize = options.batchSize ?? GRID.importBatchSize;
  const parallel = options.parallel ?? GRID.importParallelBatches;
  const total = options.rows.length + options.failedBeforeSending.length;
  const failures = [...options.failedBeforeSending];
  let imported = 0;
  let hardFailure = false;
  const fail = (row: ImportRow, error: unknown) =>
    failures.push({ line: row.line, values: row.values, reason: errorMessage(error) });
  const report = () =>
    options.onProgress?.({ completed: imported + failures.length, failed: failures.length, total });
  report();

  const batches: ImportRow[][] = [];
  for (let start = 0; start < options.rows.length; start += batchSize)
    batches.push(options.rows.slice(start, start + batchSize));

  let next = 0;
  async function worker(): Promise<void> {
    while (next < batches.length) {
      const batch = batches[next++]!;
      try {
        await options.calls.bulkCreate(batch.map((row) => row.data));
        imported += batch.length;
        report();
      } catch (error) {
        if (!options.calls.isRowRejection(error)) {
          hardFailure = true;
          for (const row of batch) fail(row, error);
          report();
          continue;
        }
        for (const row of batch) {
          try {
            await options.calls.createOne(row.data);
            imported++;
          } catch (rowError) {
            fail(row, rowError);
          }
          report();
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));
  return {
    total,
    imported,
    failed: failures.length,
    aborted: hardFailure && imported === 0,
    failures: byLine(failures),
  };
}

/** A column name for the report that is not one of the file's own headers. */
function freeName(name: string, headers: readonly string[]): string {
  let candidate = name;
  while (headers.includes(candidate)) candidate = `import ${candidate}`;
  return candidate;
}

/**
 * The failed rows as a CSV file: the line and the reason first, then the row's own values
 * under the file's headers. Line and reason lead so that they stay in their columns even
 * for a malformed record with more or fewer values than the headers; a fixed file can be
 * imported again as it is (the two report columns map to no field unless chosen).
 */
export function failedRowsCsv(headers: readonly string[], failures: readonly ImportFailure[]): string {
  return formatCsv([
    [freeName("line", headers), freeName("reason", headers), ...headers],
    ...failures.map((failure) => [String(failure.line), failure.reason, ...failure.values]),
  ]);
}

/** The download's file name: 'tasks.csv' gives 'tasks-failed-rows.csv'. */
export function failedRowsFileName(fileName: string): string {
  const base = fileName.replace(/\.csv$/i, "") || "import";
  return `${base}-failed-rows.csv`;
}

/** The wizard's closing message (spec section 8 "Import"). */
export function importMessage(outcome: Pick<ImportOutcome, "total" | "failed" | "aborted">): {
  tone: "success" | "warning" | "error";
  text: string;
} {
  if (outcome.aborted) return { tone: "error", text: CSV_MESSAGES.importFailed };
  if (outcome.failed === 0) return { tone: "success", text: CSV_MESSAGES.importSuccess(outcome.total) };
  return { tone: "warning", text: CSV_MESSAGES.importPartial(outcome.failed, outcome.total) };
}
