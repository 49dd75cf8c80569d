import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { APP_CHANGES_CHANNEL } from "../../realtime/change-bus.ts";
import { forgetHostBoot } from "../runtime/resolve-host-boot.ts";
import { forgetApp } from "./entity-cache.ts";

/**
 * Call after changing an app's entity schemas, its published copy or anything else a
 * per-app cache holds (the entity cache, which runs read too; the host boot and tool app
 * pages): this process forgets the app's cached entries now, and every other instance when
 * the writing transaction commits (NOTIFY is delivered on commit, so nobody reloads too
 * early; start-platform.ts listens).
 */
export async function announceAppChange(db: Kysely<Database>, appId: string): Promise<void> {
  forgetApp(appId);
  forgetHostBoot(db, appId);
  await sql`select pg_notify(${APP_CHANGES_CHANNEL}, ${appId})`.execute(db);
}
