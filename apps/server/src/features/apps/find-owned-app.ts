import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";

/**
 * Loads an app owned by the user. Someone else's app answers 404, not 403, so ids of
 * other people's apps cannot be probed.
 */
export async function findOwnedApp(
  db: Kysely<Database>,
  userId: string,
  appId: string,
): Promise<Selectable<Database["apps"]>> {
  const row = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .selectAll("apps")
    .where("apps.id", "=", appId)
    .where("accounts.userId", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "App not found");
  return row;
}
