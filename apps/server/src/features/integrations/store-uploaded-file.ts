import { randomUUID } from "node:crypto";
import { AppError, INTEGRATION_MESSAGES, UPLOAD_MAX_BYTES } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { appFileKey, safeFileName } from "../../storage/storage-key.ts";
import type { IntegrationCaller } from "./resolve-integration-caller.ts";
import { storedFileType } from "./stored-file-type.ts";

export type StoredUpload = { id: string; name: string; contentType: string };

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File;
}

/**
 * UploadFile / UploadPrivateFile: the `file` part goes to the storage layer under the
 * app's folder, and its metadata to stored_files. Bytes are written first; if the row
 * cannot be written they are removed, so no metadata ever points at missing bytes.
 */
export async function storeUploadedFile(options: {
  deps: Pick<Deps, "db" | "storage">;
  caller: IntegrationCaller;
  file: unknown;
  isPrivate: boolean;
}): Promise<StoredUpload> {
  const { deps, caller, file } = options;
  if (!isFile(file)) throw new AppError("BAD_REQUEST", INTEGRATION_MESSAGES.fileNotFound);
  if (file.size > UPLOAD_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", INTEGRATION_MESSAGES.fileTooLarge);
  const id = randomUUID();
  const name = safeFileName(file.name || "file");
  const contentType = storedFileType(file.type);
  const key = appFileKey(caller.app.accountId, caller.app.id, id, name);
  try {
    await deps.storage.put(key, new Uint8Array(await file.arrayBuffer()), contentType);
  } catch (error) {
    log.error("upload not stored", { appId: caller.app.id, error });
    throw new AppError("INTERNAL", INTEGRATION_MESSAGES.uploadFailed);
  }
  try {
    await deps.db
      .insertInto("stored_files")
      .values({
        id,
        appId: caller.app.id,
        key,
        name,
        contentType,
        size: file.size,
        private: options.isPrivate,
        createdBy: `${caller.kind}:${caller.subjectId}`,
      })
      .execute();
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { id, name, contentType };
}
