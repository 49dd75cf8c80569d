import type { Database } from "@liftoff/db";
import { AppError, type PlanId } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { ensureAccount } from "../account/ensure-account.ts";

/** Until payments exist (a later issue), plans are assigned by a platform admin. */
export async function setUserPlan(options: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanId | null;
}): Promise<void> {
  const { db, userId, plan } = options;
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  await ensureAccount({ db, userId });
  await db
    .updateTable("accounts")
    .set({ plan, planSubscriptionStatus: plan && plan !== "lite" ? "alive" : null, updatedAt: new Date() })
    .where("userId", "=", userId)
    .execute();
}
