import { AppError } from "../errors/app-error.ts";
import { CSV_MESSAGES } from "./csv-messages.ts";

/**
 * A record skipped as malformed; `line` is the 1-based line where it starts (the header is
 * line 1), `values` its fields as read (trimmed), so a report can give the row back.
 */
export type CsvBadRecord = { line: number; reason: string; values: string[] };

export type CsvParser = {
  /** Feeds the next piece of text; returns the data rows it completed (maybe none). */
  push(chunk: string): string[][];
  /** Marks the end of the text; returns the rows still pending. */
  end(): string[][];
  /** The header row, once read; null before that and for a file with no records. */
  readonly headers: string[] | null;
  /** The start line of each row of the latest push or end result, in the same order. */
  readonly rowLines: readonly number[];
  /** Data rows returned so far. */
  readonly rowCount: number;
  /** The first `badRecordsKept` skipped records; `badRecordCount` counts them all. */
  readonly badRecords: readonly CsvBadRecord[];
  readonly badRecordCount: number;
};

/**
 * Bad records kept with their line numbers by default: the server streams files of up to
 * 50 MB, and one of a million bad lines keeps only these.
 */
export const CSV_BAD_RECORDS_KEPT = 100;

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;
const BOM = 0xfeff;

type Mode =
  /** Before a field's first character: leading blanks are skipped, a quote opens a quoted field. */
  | "fieldStart"
  | "unquoted"
  | "quoted"
  /** A quote inside a quoted field: either the first of an escaped pair or the closing one. */
  | "quoteSeen"
  /** After a closing quote: only blanks, then a comma or a line break, may follow. */
  | "afterQuoted";

function parseFailed(): AppError {
  return new AppError("BAD_REQUEST", CSV_MESSAGES.parseFailed);
}

/**
 * An incremental RFC 4180 reader, so the server can parse a 50 MB upload as it streams in
 * and the wizard can parse a whole file with the same rules (spec section 5 "CSV import"):
 * - comma-separated; fields may be quoted, with "" for a quote inside; quoted fields may
 *   hold commas and line breaks; a quote inside an unquoted field is kept as text
 *   (5" screen), as spreadsheets write it;
 * - CRLF, LF and lone CR all end a record; a leading byte-order mark is dropped;
 * - the first record is the header row; values are trimmed;
 * - a record whose values are all empty (an empty or blank line, or only commas) is skipped;
 * - a record with a different number of fields than the header, text after a closing
 *   quote, or a quote left open at the end is a bad record: reported with its line and
 *   skipped, never half-imported. A malformed header row fails the whole file;
 * - text with a NUL character is binary, not CSV: push throws an AppError with
 *   'Failed to parse CSV file. Please check the format.', and so does every later call.
 *
 * Chunks may split the text anywhere, even between CR and LF: the rows and bad records
 * are the same as for the whole text at once.
 */
export function createCsvParser(options: { badRecordsKept?: number } = {}): CsvParser {
  const badRecordsKept = options.badRecordsKept ?? CSV_BAD_RECORDS_KEPT;
  let headers: string[] | null = null;
  let failed = false;
  let atStart = true;
  let mode: Mode = "fieldStart";
  let field = "";
  let record: string[] = [];
  let recordError: string | null = null;
  /** The previous character was a CR, so an LF now is the second half of a CRLF. */
  let prevCR = false;
  let line = 1;
  let recordLine = 1;
  let rowCount = 0;
  let badRecordCount = 0;
  const badRecords: CsvBadRecord[] = [];
  let rowLines: number[] = [];

  function reportBad(reason: string, values: string[]): void {
    badRecordCount++;
    if (badRecords.length < badRecordsKept) badRecords.push({ line: recordLine, reason, values });
  }

  /** Closes the current record and routes it: header, row, bad record or blank. */
  function endRecord(out: string[][]): void {
    record.push(field.trim());
    const values = record;
    const error = recordError;
    const startLine = recordLine;
    record = [];
    field = "";
    recordError = null;
    mode = "fieldStart";
    if (values.every((value) => value === "")) return;
    if (headers === null) {
      if (error !== null) {
        failed = true;
        throw parseFailed();
      }
      headers = values;
      return;
    }
    if (error !== null) reportBad(error, values);
    else if (values.length !== headers.length)
      reportBad(`Expected ${headers.length} fields but found ${values.length}`, values);
    else {
      out.push(values);
      rowLines.push(startLine);
      rowCount++;
    }
  }

  /** A line break outside quotes (the caller has skipped the LF of a CRLF). */
  function lineBreak(code: number, out: string[][]): void {
    endRecord(out);
    line++;
    recordLine = line;
    prevCR = code === CR;
  }

  /** Counts the line breaks of quoted text so later line numbers stay right. */
  function countBreaks(text: string, from: number, to: number): void {
    for (let index = from; index < to; index++) {
      const code = text.charCodeAt(index);
      if (code === LF) {
        if (!prevCR) line++;
        prevCR = false;
      } else if (code === CR) {
        line++;
        prevCR = true;
      } else prevCR = false;
    }
  }

  function push(chunk: string): string[][] {
    if (failed) throw parseFailed();
    if (chunk.includes("\u0000")) {
      failed = true;
      throw parseFailed();
    }
    rowLines = [];
    const out: string[][] = [];
    const length = chunk.length;
    let index = 0;
    if (atStart && length > 0) {
      atStart = false;
      if (chunk.charCodeAt(0) === BOM) index = 1;
    }
    while (index < length) {
      const code = chunk.charCodeAt(index);
      if (mode === "quoted") {
        const close = chunk.indexOf('"', index);
        const stop = close === -1 ? length : close;
        field += chunk.slice(index, stop);
        countBreaks(chunk, index, stop);
        if (close === -1) break;
        prevCR = false;
        mode = "quoteSeen";
        index = close + 1;
        continue;
      }
      if (code === LF && prevCR) {
        // The LF of a CRLF whose CR already ended the record.
        prevCR = false;
        index++;
        continue;
      }
      if (mode === "quoteSeen") {
        if (code === QUOTE) {
          field += '"';
          mode = "quoted";
          index++;
        } else mode = "afterQuoted";
        continue;
      }
      if (code === CR || code === LF) {
        lineBreak(code, out);
        index++;
        continue;
      }
      prevCR = false;
      if (code === COMMA) {
        record.push(field.trim());
        field = "";
        mode = "fieldStart";
        index++;
        continue;
      }
      if (mode === "fieldStart") {
        if (code === SPACE || code === TAB) {
          index++;
          continue;
        }
        if (code === QUOTE) {
          mode = "quoted";
          index++;
          continue;
        }
        mode = "unquoted";
      }
      if (mode === "afterQuoted") {
        if (code === SPACE || code === TAB) {
          index++;
          continue;
        }
        // The rest of the field is read as unquoted text only to find where the record ends.
        recordError ??= "Unexpected text after a closing quote";
        mode = "unquoted";
      }
      // Unquoted text runs to the next comma or line break.
      let stop = index;
      while (stop < length) {
        const next = chunk.charCodeAt(stop);
        if (next === COMMA || next === CR || next === LF) break;
        stop++;
      }
      field += chunk.slice(index, stop);
      index = stop;
    }
    return out;
  }

  function end(): string[][] {
    if (failed) throw parseFailed();
    rowLines = [];
    const out: string[][] = [];
    if (mode === "quoted") {
      // Everything after the opening quote belongs to this one record: skip it as a whole.
      if (headers === null) {
        failed = true;
        throw parseFailed();
      }
      const values = [...record, field.trim()];
      record = [];
      field = "";
      mode = "fieldStart";
      reportBad("A quoted field is never closed", values);
    } else if (record.length > 0 || field !== "" || mode !== "fieldStart") {
      endRecord(out);
    }
    return out;
  }

  return {
    push,
    end,
    get headers() {
      return headers;
    },
    get rowLines() {
      return rowLines;
    },
    get rowCount() {
      return rowCount;
    },
    get badRecords() {
      return badRecords;
    },
    get badRecordCount() {
      return badRecordCount;
    },
  };
}
