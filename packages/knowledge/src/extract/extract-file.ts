import { AppError, type ContextItemType, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { extractCsv } from "./extract-csv.ts";
import { extractDoc } from "./extract-doc.ts";
import { extractDocx } from "./extract-docx.ts";
import { extractPdf } from "./extract-pdf.ts";
import { extractText } from "./extract-text.ts";
import type { ExtractedDocument } from "./extracted-document.ts";
import { type FileKind, sniffFileKind } from "./sniff-file-kind.ts";

export type ExtractFileOptions = { bytes: Uint8Array; fileName: string; mimeType: string | null };

const TYPES: Record<FileKind, ContextItemType> = {
  pdf: "pdf",
  docx: "doc",
  doc: "doc",
  csv: "csv",
  txt: "txt",
};

/**
 * Reads an uploaded file with the extractor its bytes (or, for CSV and text, its name and
 * type) call for, and gives its context item type: DOCX and DOC are both "doc". A file
 * in no format we read is refused as unsupported; one with no text at all as empty (a PDF
 * says it is scanned instead, from extractPdf).
 */
export async function extractFile(
  options: ExtractFileOptions,
): Promise<{ type: ContextItemType; document: ExtractedDocument }> {
  const kind = sniffFileKind(options);
  if (kind === null) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.unsupportedFile);
  const document = await read(kind, options.bytes);
  if (document.sections.every((section) => section.text.trim() === ""))
    throw new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.emptyDocument);
  return { type: TYPES[kind], document };
}

function read(kind: FileKind, bytes: Uint8Array): Promise<ExtractedDocument> | ExtractedDocument {
  switch (kind) {
    case "pdf":
      return extractPdf(bytes);
    case "docx":
      return extractDocx(bytes);
    case "doc":
      return extractDoc(bytes);
    case "csv":
      return extractCsv(bytes);
    case "txt":
      return extractText(bytes);
  }
}
