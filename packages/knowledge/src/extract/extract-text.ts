import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { decodeText } from "./decode-text.ts";
import { EXTRACT_LIMITS } from "./extract-limits.ts";
import type { ExtractedDocument } from "./extracted-document.ts";
import { normalizeWhitespace } from "./normalize-whitespace.ts";
import { tooMuchTextError } from "./too-much-text-error.ts";

/**
 * A plain text file as one section: UTF-8 (or UTF-16 with a byte-order mark, or
 * Windows-1252 when not valid UTF-8), line breaks as LF, whitespace tidied. A NUL
 * character means a binary file under a text name.
 */
export function extractText(bytes: Uint8Array): ExtractedDocument {
  const raw = decodeText(bytes);
  if (raw.length > EXTRACT_LIMITS.maxChars) throw tooMuchTextError();
  if (raw.includes("\u0000")) throw new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("TXT"));
  return {
    title: null,
    sections: [{ text: normalizeWhitespace(raw), locator: null }],
    bytes: bytes.byteLength,
  };
}
