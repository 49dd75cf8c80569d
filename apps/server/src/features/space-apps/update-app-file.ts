import type { Database } from "@liftoff/db";
import type { FileChangeResult, UpdateAppFileBody, VendorManifest } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { saveAppChange } from "./save-app-change.ts";

/** POST files/update: creates the file or replaces its content, as a new draft version. */
export async function updateAppFile(options: {
  db: Kysely<Database>;
  vendor: VendorManifest;
  appId: string;
  userId: string;
  body: UpdateAppFileBody;
}): Promise<FileChangeResult> {
  const { file, baseVersionId } = options.body;
  return saveAppChange({
    ...options,
    baseVersionId,
    change: (files) => {
      // layout.jsx and layout.tsx are one slot: saving one replaces the other.
      if (file.id.startsWith("layout.")) for (const id of ["layout.jsx", "layout.tsx"]) files.delete(id);
      files.set(file.id, file.content);
    },
  });
}
