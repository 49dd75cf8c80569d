import { AppError, createCsvParser, DATA_SOURCE_MESSAGES, isAppError } from "@liftoff/domain";
import { decodeText } from "./decode-text.ts";
import { EXTRACT_LIMITS } from "./extract-limits.ts";
import type { ExtractedDocument, ExtractedSection } from "./extracted-document.ts";
import { tooMuchTextError } from "./too-much-text-error.ts";

/** Text fed to the parser at a time, with a turn of the event loop between pieces. */
const CHUNK_CHARS = 1 << 20;

/**
 * A CSV file as one section per data row, so each row is an item retrieval can find and
 * cite: "row 12" is the line the row starts on (the header is line 1), as a spreadsheet
 * numbers it, and the text is one "header: value" line per non-empty value. A first
 * section, "header row", lists the columns, so a question about them has an answer.
 * Malformed rows are skipped (the domain's parser rules); a file with no header or no
 * valid row is refused.
 */
export async function extractCsv(bytes: Uint8Array): Promise<ExtractedDocument> {
  const rejected = new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.csvRejected);
  const text = decodeText(bytes);
  if (text.length > EXTRACT_LIMITS.maxChars) throw tooMuchTextError();
  const parser = createCsvParser({ badRecordsKept: 0 });
  const rows: ExtractedSection[] = [];
  let labels: string[] = [];
  let total = 0;
  const take = (records: string[][]): void => {
    if (parser.headers && labels.length === 0) labels = parser.headers.map(columnLabel);
    records.forEach((values, index) => {
      const lines: string[] = [];
      values.forEach((value, column) => {
        const cell = oneLine(value);
        if (cell !== "") lines.push(`${labels[column]}: ${cell}`);
      });
      const row = lines.join("\n");
      // Header names repeat on every row, so the text can outgrow the file: keep it bounded.
      total += row.length;
      if (total > EXTRACT_LIMITS.maxChars) throw tooMuchTextError();
      rows.push({ text: row, locator: `row ${parser.rowLines[index]}` });
    });
  };
  try {
    for (let at = 0; at < text.length; at += CHUNK_CHARS) {
      take(parser.push(text.slice(at, at + CHUNK_CHARS)));
      if (at + CHUNK_CHARS < text.length) await new Promise((resolve) => setImmediate(resolve));
    }
    take(parser.end());
  } catch (error) {
    // The parser's own error (binary text, a broken header) means the same to the builder.
    if (isAppError(error) && error.code === "BAD_REQUEST") throw rejected;
    throw error;
  }
  if (labels.length === 0 || rows.length === 0) throw rejected;
  const header: ExtractedSection = { text: `Columns: ${labels.join(", ")}`, locator: "header row" };
  return { title: null, sections: [header, ...rows], bytes: bytes.byteLength };
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function columnLabel(name: string, index: number): string {
  return oneLine(name) || `column ${index + 1}`;
}
