import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { cleanTitle } from "./clean-title.ts";
import type { ExtractedDocument } from "./extracted-document.ts";
import { normalizeWhitespace } from "./normalize-whitespace.ts";
import { runParserThread } from "./run-parser-thread.ts";

/** "%PDF-": readers accept it anywhere in the first kilobyte, after junk some tools write. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes("%PDF-");
}

/**
 * One section per page that has text ("page 3"; pages without text are left out, so the
 * numbers can skip). The title is the document's own Title field. No text on any page
 * means a scan: the builder is told so rather than getting an empty source.
 */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  const unreadable = new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("PDF"));
  if (!hasPdfHeader(bytes)) throw unreadable;
  const outcome = await runParserThread({ kind: "pdf", bytes });
  if (!outcome.ok) throw unreadable;
  const sections = outcome.result.pages
    .map((text, index) => ({ text: normalizeWhitespace(text), locator: `page ${index + 1}` }))
    .filter((section) => section.text !== "");
  if (sections.length === 0) throw new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.scannedPdf);
  return { title: cleanTitle(outcome.result.title), sections, bytes: bytes.byteLength };
}
