import { isAppError } from "../errors/app-error.ts";
import { type CsvBadRecord, createCsvParser } from "./create-csv-parser.ts";
import { CSV_MESSAGES } from "./csv-messages.ts";

export type ParsedCsv =
  | {
      ok: true;
      headers: string[];
      rows: string[][];
      /** The start line of each row, for messages about a row. */
      rowLines: number[];
      badRecords: CsvBadRecord[];
      badRecordCount: number;
    }
  | { ok: false; message: string };

/**
 * Parses a whole CSV text, as the import wizard does with the chosen file, with the rules
 * of `createCsvParser`. Fails with the spec's messages: no records at all gives 'CSV file
 * appears to be empty'; a header and no usable row gives 'No valid data rows found in CSV';
 * binary or malformed-header text gives 'Failed to parse CSV file. Please check the format.'.
 */
export function parseCsv(text: string): ParsedCsv {
  // The whole text is in memory already: keep every bad record, so the wizard can list them.
  const parser = createCsvParser({ badRecordsKept: Number.POSITIVE_INFINITY });
  let rows: string[][];
  let rowLines: number[];
  try {
    rows = parser.push(text);
    rowLines = [...parser.rowLines];
    const rest = parser.end();
    rows = rows.concat(rest);
    rowLines = rowLines.concat(parser.rowLines);
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
  if (parser.headers === null) return { ok: false, message: CSV_MESSAGES.empty };
  if (rows.length === 0) return { ok: false, message: CSV_MESSAGES.noValidRows };
  return {
    ok: true,
    headers: parser.headers,
    rows,
    rowLines,
    badRecords: [...parser.badRecords],
    badRecordCount: parser.badRecordCount,
  };
}
