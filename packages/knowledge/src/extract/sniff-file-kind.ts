import { hasOle2Signature } from "./extract-doc.ts";
import { hasPdfHeader } from "./extract-pdf.ts";

export type FileKind = "pdf" | "docx" | "doc" | "csv" | "txt";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const DOC_MIMES = new Set(["application/msword"]);
const CSV_MIMES = new Set(["text/csv", "application/csv", "text/comma-separated-values", "text/x-csv"]);
const TEXT_MIMES = new Set(["text/plain", "text/markdown", "text/x-markdown"]);
const TEXT_EXTENSIONS = new Set(["txt", "text", "md", "markdown"]);

export type SniffFileKindOptions = { bytes: Uint8Array; fileName: string; mimeType: string | null };

/**
 * Which extractor reads a file. The bytes decide first, since names and browser-sent
 * types lie: "%PDF-", a zip holding word/document.xml, an OLE2 file holding a
 * WordDocument stream. The name and type decide only for formats without a signature
 * (CSV, text), and for a damaged DOCX or DOC whose signature is there but whose insides
 * are not, so it fails as an unreadable DOCX or DOC rather than an unsupported file.
 * Null: not a format we read (a spreadsheet, a presentation, an image...).
 */
export function sniffFileKind(options: SniffFileKindOptions): FileKind | null {
  const { bytes } = options;
  const extension = /\.([a-z0-9]+)$/i.exec(options.fileName)?.[1]?.toLowerCase() ?? "";
  const mime = (options.mimeType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (hasPdfHeader(bytes)) return "pdf";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    if (contains(bytes, "word/document.xml") || extension === "docx" || mime === DOCX_MIME) return "docx";
    return null;
  }
  if (hasOle2Signature(bytes)) {
    // Excel, PowerPoint and Outlook files are OLE2 too; only Word's has this stream.
    if (contains(bytes, "WordDocument", "utf16le") || extension === "doc" || DOC_MIMES.has(mime))
      return "doc";
    return null;
  }
  // Windows browsers send CSV as application/vnd.ms-excel, so the extension comes first.
  if (extension === "csv" || CSV_MIMES.has(mime)) return "csv";
  if (TEXT_EXTENSIONS.has(extension) || TEXT_MIMES.has(mime)) return "txt";
  return null;
}

function contains(bytes: Uint8Array, text: string, encoding: BufferEncoding = "latin1"): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, encoding);
}
