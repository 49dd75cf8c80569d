import { type Account, AppError, hasBusinessInfo, planIdSchema, planLimits } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";

/**
 * Every Account field of spec section 3. Usage counters are stored; totals and maxima
 * come from the plan's row in PLAN_LIMITS, so changing a plan changes them at once.
 */
export async function getCurrentAccount(options: {
  deps: Pick<Deps, "db" | "config">;
  session: SessionInfo;
}): Promise<Account> {
  const { deps, session } = options;
  const row = await deps.db
    .selectFrom("accounts")
    .selectAll()
    .where("userId", "=", session.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Account not found, create it first");
  const apps = await deps.db
    .selectFrom("apps")
    .select(["id", "kind"])
    .where("accountId", "=", row.id)
    .orderBy("updatedAt", "desc")
    .execute();
  const plan = row.plan === null ? null : planIdSchema.catch("lite").parse(row.plan);
  const limits = planLimits(plan);
  return {
    accountId: row.id,
    accountType: row.accountType === "user" ? "user" : "builder",
    email: session.user.email,
    name: session.user.name,
    emailVerified: session.user.emailVerified,
    plan,
    subscriptionId: row.subscriptionId,
    planSubscriptionStatus: row.planSubscriptionStatus,
    planSubscriptionCancelledAt: row.planSubscriptionCancelledAt?.toISOString() ?? null,
    appId: row.appId,
    appHeader: row.appHeader,
    hasBusinessInfo: hasBusinessInfo({
      accountType: row.accountType,
      plan,
      businessInfoProvided: row.hasBusinessInfo,
    }),
    hasPaidAppPackage: row.appPackages.length > 0,
    isAdmin: isPlatformAdmin(deps, session.user),
    appRunsUsed: row.appRunsUsed,
    appRunsTotal: limits.appRunsTotal,
    appGenerationsUsed: row.appGenerationsUsed,
    appGenerationsTotal: limits.appGenerationsTotal,
    dataProcessingUsed: row.dataProcessingUsed,
    dataProcessingTotal: limits.dataProcessingTotal,
    appsCount: apps.length,
    maxApps: limits.maxApps,
    maxGenApps: limits.maxGenApps,
    maxSpaceApps: limits.maxSpaceApps,
    genAppsCount: apps.filter((a) => a.kind === "generated").length,
    spaceAppsCount: apps.filter((a) => a.kind === "space").length,
    maxToolsPerApp: limits.maxToolsPerApp,
    myAppIds: apps.map((a) => a.id),
    featureFlags: row.featureFlags,
    builderChatMessagesUsed: row.builderChatMessagesUsed,
    builderChatMessagesTotal: limits.builderChatMessagesTotal,
    appPackages: row.appPackages,
    subscriptionPaymentsIds: row.subscriptionPaymentsIds,
  };
}
