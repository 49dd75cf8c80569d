import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { forgetAppUserTokens } from "../entities/resolve-entity-caller.ts";

/**
 * Ends every app token of an end user: their token generation moves on, so tokens issued
 * before no longer count anywhere (this instance at once; the entity API of other
 * instances within its 30 s cache). Logout is therefore "log out everywhere": the price of
 * one counter per user instead of a session table on the entity API's hot path.
 */
export async function revokeAppUserTokens(db: Kysely<Database>, appUserId: string): Promise<void> {
  await db
    .updateTable("app_users")
    .set((eb) => ({ tokenGeneration: eb("tokenGeneration", "+", 1), updatedAt: new Date() }))
    .where("id", "=", appUserId)
    .execute();
  forgetAppUserTokens(db, appUserId);
}
