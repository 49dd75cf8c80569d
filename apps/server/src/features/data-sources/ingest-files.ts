import {
  AppError,
  type ContextItem,
  type ContextItemType,
  DATA_SOURCE_MESSAGES,
  parseCsv,
  planLimits,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { createContextItems } from "./create-context-item.ts";
import type { IngestWorker } from "./ingest-worker.ts";

/** The head of a CSV checked at upload for its header and a first row (spec section 8's 400). */
const CSV_CHECK_BYTES = 64 * 1024;

/** "10 MB" for the spec's 'file size is too big (max {size})'. */
export function formatFileSize(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 100_000) / 10} MB` : `${Math.round(bytes / 1_000)} KB`;
}

/**
 * The accepted uploads (spec section 5: CSV text/csv, PDF application/pdf, DOC msword or
 * docx; plain text is ours), by type or extension. What a file really is gets checked again
 * by its first bytes when it is read.
 */
export function uploadType(file: { name: string; type: string }): ContextItemType | null {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase().split(";")[0]?.trim() ?? "";
  if (type === "text/csv" || name.endsWith(".csv")) return "csv";
  if (type === "application/pdf" || name.endsWith(".pdf")) return "pdf";
  if (
    type === "application/msword" ||
    type === "application/vnd.openxmlformats-officedocument.wordprocessingml.document" ||
    name.endsWith(".doc") ||
    name.endsWith(".docx")
  )
    return "doc";
  if (type === "text/plain" || type === "text/markdown" || name.endsWith(".txt") || name.endsWith(".md"))
    return "txt";
  return null;
}

/**
 * POST /api/context/ingest/file (multipart, one or more `file` fields): each file becomes a
 * pending item. Refused whole, before anything is stored: no file ('Please upload a file'),
 * more files than the plan takes at once, a file over the plan's size ('Failed to upload
 * context, file size is too big (max …)'), a type we do not read, a CSV without a header
 * and a row (the spec's CSV 400 text).
 */
export async function ingestFiles(options: {
  deps: Pick<Deps, "db" | "storage" | "bus"> & { ingest: IngestWorker };
  managed: ManagedApp;
  files: unknown[];
}): Promise<ContextItem[]> {
  const limits = planLimits(options.managed.ownerPlan);
  const files = options.files.filter((file): file is File => file instanceof File);
  if (files.length === 0 || files.every((file) => file.size === 0))
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
  if (files.length > limits.maxFileCount)
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.fileCount(limits.maxFileCount));
  const items = [];
  for (const file of files) {
    if (file.size > limits.maxFileSizeBytes)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        DATA_SOURCE_MESSAGES.fileTooBig(formatFileSize(limits.maxFileSizeBytes)),
      );
    const type = uploadType(file);
    if (!type) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.unsupportedFile);
    const data = new Uint8Array(await file.arrayBuffer());
    if (data.byteLength === 0) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
    if (type === "csv") checkCsvHead(data);
    items.push({
      name: file.name.trim().slice(0, 200) || "Untitled file",
      type,
      source: "local files" as const,
      size: data.byteLength,
      bytes: { data, contentType: file.type || "application/octet-stream" },
    });
  }
  return createContextItems({ deps: options.deps, managed: options.managed, items });
}

function checkCsvHead(data: Uint8Array): void {
  let text = new TextDecoder().decode(data.subarray(0, CSV_CHECK_BYTES));
  if (data.byteLength > CSV_CHECK_BYTES) text = text.slice(0, Math.max(0, text.lastIndexOf("\n")));
  const parsed = parseCsv(text);
  if (!parsed.ok)
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.csvRejected, { reason: parsed.message });
}
