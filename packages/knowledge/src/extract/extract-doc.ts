import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import type { ExtractedDocument } from "./extracted-document.ts";
import { normalizeWhitespace } from "./normalize-whitespace.ts";
import { runParserThread } from "./run-parser-thread.ts";

/** The OLE2 compound file signature every Word 97-2003 file starts with. */
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

export function hasOle2Signature(bytes: Uint8Array): boolean {
  return OLE2_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * A Word 97-2003 file as one section: body, then footnotes and endnotes. word-extractor
 * gives each paragraph mark (and each line break, which it cannot tell apart) as one line
 * break; each becomes a blank line, the paragraph break of every other extractor. The
 * title is not read (word-extractor does not expose the summary stream).
 */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDocument> {
  const unreadable = new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("DOC"));
  // word-extractor also opens DOCX files: this one reads only what it is named after.
  if (!hasOle2Signature(bytes)) throw unreadable;
  const outcome = await runParserThread({ kind: "doc", bytes });
  if (!outcome.ok) throw unreadable;
  const text = normalizeWhitespace(
    outcome.result.parts.map((part) => part.replace(/\n/g, "\n\n")).join("\n\n"),
  );
  return { title: null, sections: [{ text, locator: null }], bytes: bytes.byteLength };
}
