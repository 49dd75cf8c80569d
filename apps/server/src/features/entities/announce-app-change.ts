import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { APP_CHANGES_CHANNEL } from "../../realtime/change-bus.ts";
import { forgetApp } from "./entity-cache.ts";

/**
 * Call after changing an app's entity schemas (or anything else the entity cache holds):
 * this process forgets the app's cached entries now, and every other instance when the
 * writing transaction commits (NOTIFY is delivered on commit, so nobody reloads too early).
 */
export async function announceAppChange(db: Kysely<Database>, appId: string): Promise<void> {
  forgetApp(appId);
  await sql`select pg_notify(${APP_CHANGES_CHANNEL}, ${appId})`.execute(db);
}
