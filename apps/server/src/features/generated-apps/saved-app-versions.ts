import type { Database } from "@liftoff/db";
import {
  AppError,
  looseList,
  looseRecord,
  looseText,
  type SavedAppResponse,
  type SavedAppVersion,
  savedAppVersionSourceSchema,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { commitSavedApp } from "./commit-saved-app.ts";

/** The app's kept versions, newest first, each named by its tools' titles. */
export async function listSavedAppVersions(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
}): Promise<SavedAppVersion[]> {
  const rows = await options.db
    .selectFrom("saved_app_versions")
    .select(["number", "source", "createdAt", "document"])
    .where("appId", "=", options.managed.app.id)
    .orderBy("number", "desc")
    .execute();
  return rows.map((row) => ({
    number: row.number,
    source: savedAppVersionSourceSchema.catch("save").parse(row.source),
    createdAt: row.createdAt.toISOString(),
    toolTitles: looseList(looseRecord(row.document).tools).map((tool) =>
      looseText(looseRecord(tool).title, 120),
    ),
  }));
}

/**
 * Puts a kept version back as the current document (a new version, so the restore itself
 * can be undone). It passes the same rules as any save, against what is stored now: a
 * version from before a downgrade cannot bring back what the plan no longer allows.
 */
export async function restoreSavedAppVersion(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  number: number;
}): Promise<SavedAppResponse> {
  const found = await options.db
    .selectFrom("saved_app_versions")
    .select("document")
    .where("appId", "=", options.managed.app.id)
    .where("number", "=", options.number)
    .executeTakeFirst();
  if (!found) throw new AppError("NOT_FOUND", "Version not found");
  return commitSavedApp({
    db: options.db,
    managed: options.managed,
    source: "restore",
    next: () => found.document,
  });
}
