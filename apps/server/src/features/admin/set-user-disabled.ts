import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { ensureAccount } from "../account/ensure-account.ts";

/**
 * Disables or re-enables a user. Disabling also ends their sessions at once; the sign-in
 * hook in create-auth refuses new ones.
 */
export async function setUserDisabled(options: {
  db: Kysely<Database>;
  actorUserId: string;
  userId: string;
  disabled: boolean;
}): Promise<void> {
  const { db, actorUserId, userId, disabled } = options;
  if (disabled && actorUserId === userId)
    throw new AppError("CONFLICT", "You cannot disable your own account");
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  await ensureAccount({ db, userId });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("accounts")
      .set({ disabled, updatedAt: new Date() })
      .where("userId", "=", userId)
      .execute();
    if (disabled) await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
  });
}
