import { AppError, INTEGRATION_MESSAGES } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { isInlineFileType } from "./stored-file-type.ts";

/**
 * The bytes of a stored file, with headers that keep an upload from ever acting as a page
 * of the platform: the stored type with nosniff, a sandboxing CSP, and
 * `Content-Disposition: attachment` for anything but plain raster images (HTML, SVG, PDF…).
 * Cross-origin reads are allowed (apps run in opaque-origin frames and custom hosts).
 */
export async function serveStoredFile(
  deps: Pick<Deps, "db" | "storage">,
  where: { id: string; private: boolean },
  cache: string,
): Promise<Response> {
  const file = /^[0-9a-f-]{36}$/.test(where.id)
    ? await deps.db
        .selectFrom("stored_files")
        .select(["key", "name", "contentType", "size"])
        .where("id", "=", where.id)
        .where("private", "=", where.private)
        .executeTakeFirst()
    : undefined;
  const body = file ? await deps.storage.get(file.key) : null;
  if (!file || !body) throw new AppError("NOT_FOUND", INTEGRATION_MESSAGES.fileNotFound);
  const disposition = isInlineFileType(file.contentType) ? "inline" : "attachment";
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": `${disposition}; filename="${file.name}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "access-control-allow-origin": "*",
      "cache-control": cache,
    },
  });
}
