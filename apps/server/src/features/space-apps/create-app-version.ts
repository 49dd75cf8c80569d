import { createHash, randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import { APP_FILES_MAX, AppError } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import { loadVersionFiles } from "./load-version-files.ts";

export const STALE_VERSION_MESSAGE = "This app was changed elsewhere. Reload to get the latest version.";

/** File id → content of a version, changed in place by a version's `change`. */
export type FileMap = Map<string, string>;

/**
 * Makes a new immutable version of a space app from its current draft plus a change, and
 * points apps.draftVersionId at it — all in one transaction with the app row locked, so two
 * saves cannot both take the same `number` or both pass the stale-base check.
 * - `baseVersionId`: the draft the caller started from; undefined skips the check (server
 *   writers like templates), null means "the app had no version yet".
 * - Contents are stored once per SHA-256 (insert-if-absent), the version maps ids to hashes.
 * - The entity schemas are snapshotted from entity_schemas, so a revert restores them.
 */
export async function createAppVersion(options: {
  db: Kysely<Database>;
  appId: string;
  baseVersionId?: string | null | undefined;
  change: (files: FileMap) => void;
  /**
   * Writes that belong to the same version, run in its transaction before the entity
   * schemas are snapshotted (the chat's entity actions, a revert's schemas).
   */
  prepare?: (trx: Kysely<Database>) => Promise<void>;
  source: string;
  createdBy: string | null;
}): Promise<{ versionId: string }> {
  const { appId } = options;
  return options.db.transaction().execute(async (trx) => {
    const app = await trx
      .selectFrom("apps")
      .select(["draftVersionId"])
      .where("id", "=", appId)
      .forUpdate()
      .executeTakeFirst();
    if (!app) throw new AppError("NOT_FOUND", "App not found");
    if (options.baseVersionId !== undefined && options.baseVersionId !== app.draftVersionId)
      throw new AppError("CONFLICT", STALE_VERSION_MESSAGE, { draftVersionId: app.draftVersionId });

    const files: FileMap = app.draftVersionId ? await loadVersionFiles(trx, app.draftVersionId) : new Map();
    options.change(files);
    if (options.prepare) await options.prepare(trx);
    if (files.size > APP_FILES_MAX)
      throw new AppError("UNPROCESSABLE", `An app can have at most ${APP_FILES_MAX} files`);

    const hashes: Record<string, string> = {};
    const blobs = new Map<string, string>();
    for (const [id, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      const hash = createHash("sha256").update(content).digest("hex");
      hashes[id] = hash;
      blobs.set(hash, content);
    }
    if (blobs.size > 0)
      await trx
        .insertInto("app_blobs")
        .values([...blobs].map(([hash, content]) => ({ hash, content, size: Buffer.byteLength(content) })))
        .onConflict((oc) => oc.column("hash").doNothing())
        .execute();

    const schemas = await trx
      .selectFrom("entity_schemas")
      .select(["name", "schema"])
      .where("appId", "=", appId)
      .orderBy("name")
      .execute();
    const last = await trx
      .selectFrom("app_versions")
      .select(sql<number>`coalesce(max("number"), 0)::int`.as("n"))
      .where("appId", "=", appId)
      .executeTakeFirstOrThrow();
    const versionId = randomUUID();
    await trx
      .insertInto("app_versions")
      .values({
        id: versionId,
        appId,
        number: last.n + 1,
        parentId: app.draftVersionId,
        files: JSON.stringify(hashes),
        entities: JSON.stringify(Object.fromEntries(schemas.map((s) => [s.name, s.schema]))),
        source: options.source,
        createdBy: options.createdBy,
      })
      .execute();
    await trx
      .updateTable("apps")
      .set({ draftVersionId: versionId, updatedAt: new Date() })
      .where("id", "=", appId)
      .execute();
    return { versionId };
  });
}
