import type { Database } from "@liftoff/db";
import { AppError, type PlanId, planLimits } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * Counts `bytes` of work an app's end users caused (a CSV import) against the app owner's
 * monthly data processing (PlanLimits.dataProcessingTotal, in MB, rounded up), and refuses
 * with 403 PLAN_LIMIT when it would go over. The check and the increment are one
 * conditional update, so concurrent imports cannot both slip under the limit.
 */
export async function chargeDataProcessing(
  db: Kysely<Database>,
  options: { appId: string; bytes: number },
): Promise<void> {
  const owner = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select(["accounts.id as accountId", "accounts.plan"])
    .where("apps.id", "=", options.appId)
    .executeTakeFirst();
  if (!owner) throw new AppError("NOT_FOUND", "App not found");
  const megabytes = Math.max(1, Math.ceil(options.bytes / 1_000_000));
  const total = planLimits(owner.plan as PlanId | null).dataProcessingTotal;
  const charged = await db
    .updateTable("accounts")
    .set({ dataProcessingUsed: sql`"dataProcessingUsed" + ${megabytes}` })
    .where("id", "=", owner.accountId)
    .where(sql<boolean>`"dataProcessingUsed" + ${megabytes} <= ${total}`)
    .executeTakeFirst();
  if (Number(charged.numUpdatedRows) === 0) {
    throw new AppError(
      "PLAN_LIMIT",
      "This app's data processing allowance for the month is used up. The app's owner can upgrade the plan.",
      { reason: "data_processing" },
    );
  }
}
