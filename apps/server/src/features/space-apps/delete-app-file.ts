import type { Database } from "@liftoff/db";
import {
  AppError,
  type DeleteAppFileBody,
  type FileChangeResult,
  type VendorManifest,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { saveAppChange } from "./save-app-change.ts";

/**
 * POST files/delete: removes the file and rewrites the files that imported it
 * (`referencesToUpdate`) in the same new version, so no version has dangling imports
 * that the caller already fixed.
 */
export async function deleteAppFile(options: {
  db: Kysely<Database>;
  vendor: VendorManifest;
  appId: string;
  userId: string;
  body: DeleteAppFileBody;
}): Promise<FileChangeResult> {
  const { fileId, referencesToUpdate, baseVersionId } = options.body;
  return saveAppChange({
    ...options,
    baseVersionId,
    change: (files) => {
      if (!files.has(fileId)) throw new AppError("NOT_FOUND", "File not found", { fileId });
      files.delete(fileId);
      for (const ref of referencesToUpdate) {
        if (ref.path === fileId) continue;
        files.set(ref.path, ref.content);
      }
    },
  });
}
