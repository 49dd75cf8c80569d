import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { announceAppChange } from "../entities/announce-app-change.ts";
import { findOwnedApp } from "./find-owned-app.ts";

export async function deleteApp(options: {
  db: Kysely<Database>;
  userId: string;
  appId: string;
}): Promise<void> {
  const app = await findOwnedApp(options.db, options.userId, options.appId);
  await options.db.deleteFrom("apps").where("id", "=", app.id).execute();
  await announceAppChange(options.db, app.id);
}
