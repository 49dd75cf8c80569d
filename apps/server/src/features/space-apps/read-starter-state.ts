import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { STARTER_VERSION_SOURCE } from "./add-starter-version.ts";

export type StarterState = {
  /** The draft the answer is about; a writer passes it as its base, so a change in between is refused. */
  draftVersionId: string | null;
  /** The draft holds no code, or exactly the files of the app's starter version. */
  starterOnly: boolean;
};

/**
 * Whether a space app still has no code of its own. Compared by content hash with the app's
 * own starter version rather than with starterAppFiles(name), because the starter embeds
 * the name the app had then; a rename must not make it look hand-written. Versions that
 * only re-snapshot entities (syncDraftEntities) keep the same files, so they stay "starter".
 */
export async function readStarterState(db: Kysely<Database>, appId: string): Promise<StarterState> {
  const draft = await db
    .selectFrom("apps")
    .leftJoin("app_versions", "app_versions.id", "apps.draftVersionId")
    .select(["apps.draftVersionId", "app_versions.files"])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  const draftVersionId = draft?.draftVersionId ?? null;
  const files = draft?.files ?? {};
  if (!draftVersionId || Object.keys(files).length === 0) return { draftVersionId, starterOnly: true };
  const starter = await db
    .selectFrom("app_versions")
    .select("files")
    .where("appId", "=", appId)
    .where("source", "=", STARTER_VERSION_SOURCE)
    .orderBy("number", "asc")
    .limit(1)
    .executeTakeFirst();
  return { draftVersionId, starterOnly: starter !== undefined && sameFiles(files, starter.files) };
}

function sameFiles(a: Record<string, string>, b: Record<string, string>): boolean {
  const ids = Object.keys(a);
  return ids.length === Object.keys(b).length && ids.every((id) => a[id] === b[id]);
}
