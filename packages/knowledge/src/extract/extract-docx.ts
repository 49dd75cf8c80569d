import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { cleanTitle } from "./clean-title.ts";
import { EXTRACT_LIMITS } from "./extract-limits.ts";
import type { ExtractedDocument } from "./extracted-document.ts";
import { normalizeWhitespace } from "./normalize-whitespace.ts";
import { readZipEntries } from "./read-zip-entries.ts";
import { runParserThread } from "./run-parser-thread.ts";
import { writeZip } from "./write-zip.ts";

/**
 * The whole text as one section, paragraphs apart by a blank line; the title from the
 * document's properties (docProps/core.xml).
 *
 * mammoth (through JSZip) would inflate every entry in full, so a zip bomb is met here
 * first: only the XML parts are inflated, each under a hard cap, and mammoth gets them
 * back as a stored (uncompressed) zip, the exact bytes already checked. Images are left
 * out: raw text never reads them.
 */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const unreadable = new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("DOCX"));
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZipEntries({
      bytes,
      accept: (name) => /\.(xml|rels)$/i.test(name),
      maxTotalBytes: EXTRACT_LIMITS.docxMaxXmlBytes,
      maxEntries: EXTRACT_LIMITS.docxMaxEntries,
    });
  } catch {
    throw unreadable;
  }
  const stored = writeZip({ entries: [...entries].map(([name, data]) => ({ name, data })), compress: false });
  const outcome = await runParserThread({ kind: "docx", bytes: stored });
  if (!outcome.ok) throw unreadable;
  const core = entries.get("docProps/core.xml");
  const title = core ? readCoreTitle(new TextDecoder().decode(core)) : null;
  const text = normalizeWhitespace(outcome.result.parts.join("\n\n"));
  return { title, sections: [{ text, locator: null }], bytes: bytes.byteLength };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function readCoreTitle(xml: string): string | null {
  const match = /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml);
  if (!match?.[1]) return null;
  const text = match[1].replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return safeCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return safeCodePoint(Number.parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? entity;
  });
  return cleanTitle(text);
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
}
