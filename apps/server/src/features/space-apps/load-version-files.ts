import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";

/** The files of a version as file id → content (sorted by id), read through its blob hashes. */
export async function loadVersionFiles(
  db: Kysely<Database>,
  versionId: string,
): Promise<Map<string, string>> {
  const version = await db
    .selectFrom("app_versions")
    .select(["files"])
    .where("id", "=", versionId)
    .executeTakeFirst();
  const files = new Map<string, string>();
  if (!version) return files;
  const hashes = [...new Set(Object.values(version.files))];
  if (hashes.length === 0) return files;
  const blobs = await db
    .selectFrom("app_blobs")
    .select(["hash", "content"])
    .where("hash", "in", hashes)
    .execute();
  const byHash = new Map(blobs.map((b) => [b.hash, b.content]));
  for (const id of Object.keys(version.files).sort()) {
    const content = byHash.get(version.files[id] ?? "");
    if (content !== undefined) files.set(id, content);
  }
  return files;
}
