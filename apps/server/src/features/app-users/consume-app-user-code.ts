import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { type AppUserCodeKind, hashAppUserCode } from "./issue-app-user-code.ts";

/**
 * Uses up a mail code of one of this app's users and returns that user's id, or null when
 * the code is unknown, used, expired, of another kind or of another app. One UPDATE marks
 * it used, so two clicks racing on one link cannot both succeed.
 */
export async function consumeAppUserCode(
  db: Kysely<Database>,
  appId: string,
  kind: AppUserCodeKind,
  code: string,
): Promise<string | null> {
  const row = await db
    .updateTable("app_user_tokens")
    .set({ usedAt: new Date() })
    .where("tokenHash", "=", hashAppUserCode(code))
    .where("kind", "=", kind)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .where("appUserId", "in", (eb) => eb.selectFrom("app_users").select("id").where("appId", "=", appId))
    .returning("appUserId")
    .executeTakeFirst();
  return row?.appUserId ?? null;
}
