import type { Database } from "@liftoff/db";
import type { AppSummary } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { findOwnedApp } from "./find-owned-app.ts";
import { toAppSummary } from "./to-app-summary.ts";

export async function renameApp(options: {
  db: Kysely<Database>;
  userId: string;
  appId: string;
  name: string;
}): Promise<AppSummary> {
  const app = await findOwnedApp(options.db, options.userId, options.appId);
  const row = await options.db
    .updateTable("apps")
    .set({ name: options.name, updatedAt: new Date() })
    .where("id", "=", app.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAppSummary(row);
}
