import type { Database } from "@liftoff/db";
import { AppError, TOOL_GENERATIONS_LIMIT_MESSAGE } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/** The 403 of an account whose tool generations are used up, with the upgrade dialog's reason. */
export function toolGenerationsLimitError(total: number): AppError {
  return new AppError("PLAN_LIMIT", TOOL_GENERATIONS_LIMIT_MESSAGE, {
    reason: "new_tool_generations_limit",
    limit: total,
  });
}

/**
 * Counts one successful tool generation against the account (accounts.appGenerationsUsed,
 * which the account contract reports as appGenerationsUsed). The check and the increment
 * are one conditional update, so of two generations racing for the last one only one is
 * counted and the other answers the limit's 403. Platform admins are counted but never
 * refused, as for the builder chat.
 */
export async function countToolGeneration(
  db: Kysely<Database>,
  options: { accountId: string; total: number; unlimited: boolean },
): Promise<void> {
  const counted = await db
    .updateTable("accounts")
    .set({ appGenerationsUsed: sql`"appGenerationsUsed" + 1` })
    .where("id", "=", options.accountId)
    .$if(!options.unlimited, (query) => query.where("appGenerationsUsed", "<", options.total))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) throw toolGenerationsLimitError(options.total);
}
