import type { Database } from "@liftoff/db";
import type { AppVersionSummary } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";

/** The app's versions, newest first, with their build state (null = not compiled yet). */
export async function listAppVersions(
  db: Kysely<Database>,
  app: Selectable<Database["apps"]>,
  limit = 200,
): Promise<AppVersionSummary[]> {
  const rows = await db
    .selectFrom("app_versions as v")
    .leftJoin("app_builds as b", "b.versionId", "v.id")
    .select(["v.id", "v.number", "v.source", "v.createdAt", "b.ok"])
    .where("v.appId", "=", app.id)
    .orderBy("v.number", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    buildOk: r.ok,
    isDraft: r.id === app.draftVersionId,
    isPublished: r.id === app.publishedVersionId,
  }));
}
