import {
  CSV_MESSAGES,
  type CsvMappingItem,
  convertCsvRow,
  type EntitySchema,
  GRID,
  inferColumnType,
} from "@liftoff/domain";

export type ImportProgress = { completed: number; failed: number; total: number };

export type ImportOutcome = { total: number; imported: number; failed: number; aborted: boolean };

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

/** Converts every data row; rows that fail conversion are counted as failed up front. */
export function convertRows(
  schema: Pick<EntitySchema, "properties" | "required">,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mappings: readonly CsvMappingItem[],
): { records: Record<string, unknown>[]; failed: number } {
  const records: Record<string, unknown>[] = [];
  let failed = 0;
  for (const row of rows) {
    const result = convertCsvRow({ schema, headers, row, mappings });
    if (result.ok) records.push(result.data);
    else failed++;
  }
  return { records, failed };
}

/**
 * Sends converted rows in batches of 10, three batches at a time (spec section 9). A batch
 * the server refuses (422, all-or-nothing) is retried row by row so only its bad rows fail;
 * a batch that fails otherwise counts all its rows as failed and marks the run aborted when
 * nothing at all was imported.
 */
export async function runImport(options: {
  records: readonly Record<string, unknown>[];
  /** Rows already failed by conversion; they count in the total. */
  failedBeforeSending: number;
  calls: ImportCalls;
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
  parallel?: number;
}): Promise<ImportOutcome> {
  const batchSize = options.batchSize ?? GRID.importBatchSize;
  const parallel = options.parallel ?? GRID.importParallelBatches;
  const total = options.records.length + options.failedBeforeSending;
  let imported = 0;
  let failed = options.failedBeforeSending;
  let hardFailure = false;
  const report = () => options.onProgress?.({ completed: imported + failed, failed, total });
  report();

  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < options.records.length; start += batchSize)
    batches.push(options.records.slice(start, start + batchSize));

  let next = 0;
  async function worker(): Promise<void> {
    while (next < batches.length) {
      const batch = batches[next++]!;
      try {
        await options.calls.bulkCreate(batch);
        imported += batch.length;
        report();
      } catch (error) {
        if (!options.calls.isRowRejection(error)) {
          hardFailure = true;
          failed += batch.length;
          report();
          continue;
        }
        for (const record of batch) {
          try {
            await options.calls.createOne(record);
            imported++;
          } catch {
            failed++;
          }
          report();
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));
  return { total, imported, failed, aborted: hardFailure && imported === 0 };
}

/** The wizard's closing message (spec section 8 "Import"). */
export function importMessage(outcome: ImportOutcome): {
  tone: "success" | "warning" | "error";
  text: string;
} {
  if (outcome.aborted) return { tone: "error", text: CSV_MESSAGES.importFailed };
  if (outcome.failed === 0) return { tone: "success", text: CSV_MESSAGES.importSuccess(outcome.total) };
  return { tone: "warning", text: CSV_MESSAGES.importPartial(outcome.failed, outcome.total) };
}
