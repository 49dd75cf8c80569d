import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { createAppVersion } from "./create-app-version.ts";

/**
 * After an entity was created, renamed or deleted outside a code change (the Database
 * panel, the schema API), makes a new draft version with the same files, so its build knows
 * the app's current entities. Builds are stored per version and a version snapshots its
 * entities when it is made; without this, code importing a new entity failed with "Unknown
 * entity" until some file changed.
 *
 * Only the entity names reach the build (`@/api/entities` exports one binding per name), so
 * a schema or permission change that keeps the names makes no version. Nothing happens
 * before the app has code: its first version will snapshot the entities anyway.
 * Returns the new draft version's id, or null when none was needed.
 */
export async function syncDraftEntities(options: {
  db: Kysely<Database>;
  appId: string;
  userId: string | null;
}): Promise<string | null> {
  const { db, appId } = options;
  const draft = await db
    .selectFrom("apps")
    .innerJoin("app_versions", "app_versions.id", "apps.draftVersionId")
    .select(["apps.draftVersionId", "app_versions.entities"])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  if (!draft?.draftVersionId) return null;
  const current = await db.selectFrom("entity_schemas").select("name").where("appId", "=", appId).execute();
  if (
    sameNames(
      Object.keys(draft.entities),
      current.map((row) => row.name),
    )
  )
    return null;
  // Based on the draft just read: a concurrent save in between makes its own version, which
  // snapshots the entities too, so a stale-base refusal here loses nothing.
  try {
    const { versionId } = await createAppVersion({
      db,
      appId,
      baseVersionId: draft.draftVersionId,
      change: () => {},
      source: "entities",
      createdBy: options.userId,
    });
    return versionId;
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return null;
    throw error;
  }
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((name) => set.has(name));
}
