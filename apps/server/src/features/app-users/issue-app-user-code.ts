import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import { APP_USER_RESET_TTL_MS, APP_USER_VERIFY_TTL_MS } from "@liftoff/domain";
import type { Kysely } from "kysely";

export type AppUserCodeKind = "verify" | "reset";

/** Only the hash is stored: a leaked table holds no working link. */
export function hashAppUserCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/**
 * A single-use code for a mail link (verify 24 h, reset 1 h). A new reset code retires the
 * user's older unused ones, so only the newest mail works.
 */
export async function issueAppUserCode(
  db: Kysely<Database>,
  appUserId: string,
  kind: AppUserCodeKind,
  now: number = Date.now(),
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  const ttl = kind === "verify" ? APP_USER_VERIFY_TTL_MS : APP_USER_RESET_TTL_MS;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("app_user_tokens")
      .set({ usedAt: new Date(now) })
      .where("appUserId", "=", appUserId)
      .where("kind", "=", kind)
      .where("usedAt", "is", null)
      .execute();
    await trx
      .insertInto("app_user_tokens")
      .values({
        id: randomUUID(),
        appUserId,
        kind,
        tokenHash: hashAppUserCode(code),
        expiresAt: new Date(now + ttl),
      })
      .execute();
  });
  return code;
}
