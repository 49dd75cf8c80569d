import type { Database } from "@liftoff/db";
import type { AppSummary } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { toAppSummary } from "../apps/to-app-summary.ts";
import { announceAppChange } from "../entities/announce-app-change.ts";

/**
 * Takes the app offline for everyone but its admins. The published version id is cleared,
 * so /runtime/bundle answers 403 to visitors; the versions themselves stay.
 */
export async function unpublishApp(db: Kysely<Database>, appId: string): Promise<AppSummary> {
  const row = await db
    .updateTable("apps")
    .set({ publishedVersionId: null, publishedAt: null, status: "draft", updatedAt: new Date() })
    .where("id", "=", appId)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Its pages and (a generated app's) runs stop at once, on every instance.
  await announceAppChange(db, appId);
  return toAppSummary(row);
}
