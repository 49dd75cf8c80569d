import type { Account } from "@liftoff/domain";

/** From this share of the plan's app runs on, the builder is told the limit is coming. */
export const APP_RUNS_NEAR_SHARE = 0.8;

export type AppRunsLimit =
  | { level: "none" }
  | { level: "near"; percent: number; total: number }
  | { level: "reached"; total: number };

/**
 * Where the account's app runs stand (issue 16): 'reached' once appRunsUsed is at or past
 * appRunsTotal (visitors then see the tools as unavailable), 'near' from 80 %, else 'none'.
 * The percent is rounded down, so 'near' never claims 100 %.
 */
export function appRunsLimit(account: Pick<Account, "appRunsUsed" | "appRunsTotal">): AppRunsLimit {
  const { appRunsUsed: used, appRunsTotal: total } = account;
  if (total <= 0 || used >= total) return { level: "reached", total: Math.max(total, 0) };
  const share = used / total;
  if (share < APP_RUNS_NEAR_SHARE) return { level: "none" };
  return { level: "near", percent: Math.floor(share * 100), total };
}
