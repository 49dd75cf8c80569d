import { AppError, type PlanId, planIdSchema } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";

export type BuilderAccount = {
  accountId: string;
  /** The caller's plan (null = lite). */
  plan: PlanId | null;
  isAdmin: boolean;
  appGenerationsUsed: number;
};

/** The caller's account as the builder's AI features need it: plan, role and generations used. */
export async function readBuilderAccount(
  deps: Pick<Deps, "db" | "config">,
  session: SessionInfo,
): Promise<BuilderAccount> {
  const row = await deps.db
    .selectFrom("accounts")
    .select(["id", "plan", "appGenerationsUsed"])
    .where("userId", "=", session.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Account not found, create it first");
  return {
    accountId: row.id,
    plan: row.plan === null ? null : planIdSchema.catch("lite").parse(row.plan),
    isAdmin: isPlatformAdmin(deps, session.user),
    appGenerationsUsed: row.appGenerationsUsed,
  };
}
