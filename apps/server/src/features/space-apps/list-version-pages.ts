import type { Database } from "@liftoff/db";
import { pageNameOf } from "@liftoff/domain";
import type { Kysely } from "kysely";

/** Page names of a version (from its pages/<Name>.* file ids), sorted; none without a version. */
export async function listVersionPages(db: Kysely<Database>, versionId: string | null): Promise<string[]> {
  if (!versionId) return [];
  const version = await db
    .selectFrom("app_versions")
    .select(["files"])
    .where("id", "=", versionId)
    .executeTakeFirst();
  const pages = Object.keys(version?.files ?? {}).flatMap((id) => pageNameOf(id) ?? []);
  return [...new Set(pages)].sort();
}
