import type { Database } from "@liftoff/db";
import { AppError, type AppSummary } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { toAppSummary } from "../apps/to-app-summary.ts";
import { announceAppChange } from "../entities/announce-app-change.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { readSavedApp } from "./read-saved-app.ts";

export const PUBLISH_NEEDS_ACTIVE_TOOL_MESSAGE = "Activate at least one tool before publishing";

/**
 * Publishes a generated app or single tool: end users get a copy of the saved document
 * as it is now, and later saves stay in the builder until the next publish. An app with
 * no active tool would publish an empty page, so it is refused (422).
 */
export async function publishSavedApp(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
}): Promise<AppSummary> {
  const { db, managed } = options;
  const summary = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("apps")
      .selectAll()
      .where("id", "=", managed.app.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "App not found");
    const app = readSavedApp(row);
    if (!app.tools.some((tool) => tool.status === "active"))
      throw new AppError("UNPROCESSABLE", PUBLISH_NEEDS_ACTIVE_TOOL_MESSAGE);
    const updated = await trx
      .updateTable("apps")
      .set({
        data: JSON.stringify({ ...row.data, savedApp: app, publishedSavedApp: app }),
        status: "published",
        publishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAppSummary(updated);
  });
  // End users (pages and runs) get the new copy at once, on every instance.
  await announceAppChange(db, managed.app.id);
  return summary;
}
