import { effectivePlan } from "./is-plan-at-or-above.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";
import { PLAN_LIMITS, type PlanLimits } from "./plan-limits.ts";
import type { UpgradeReason } from "./upgrade-reasons.ts";

/**
 * Which PLAN_LIMITS entry each upgrade reason is about. A number lifts when the target plan
 * has more of it; a boolean lifts when the target plan has it. 'default' is about no limit
 * in particular: any plan above the current one will do.
 */
export const UPGRADE_REASON_LIMIT: Readonly<Record<UpgradeReason, keyof PlanLimits | null>> = Object.freeze({
  default: null,
  app_runs_limit: "appRunsTotal",
  new_tool_generations_limit: "appGenerationsTotal",
  activated_tools_per_app_limit: "liveToolsPerApp",
  embed_app: "embedApps",
  custom_domain: "customDomains",
  data_processing_limit: "dataProcessingTotal",
  free_data_items_limit: "maxContextItems",
  publish: "maxPublishedApps",
  watermark: "watermarkHiddenByDefault",
  max_space_apps: "maxSpaceApps",
  pro_tools_access: "proTools",
  payment_system: "paymentSystem",
  max_apps: "maxApps",
  max_gen_apps: "maxGenApps",
});

function lifts(limit: keyof PlanLimits | null, from: PlanId, to: PlanId): boolean {
  if (limit === null) return true;
  const target = PLAN_LIMITS[to][limit];
  if (typeof target === "boolean") return target;
  const current = PLAN_LIMITS[from][limit];
  return typeof current === "number" && target > current;
}

/**
 * The cheapest plan strictly above `plan` that lifts the limit behind `reason`, or null when
 * no higher plan does (a Galaxy account: nothing is above it). The dialog highlights this
 * plan's card.
 */
export function upgradeTargetPlan(input: {
  reason: UpgradeReason;
  plan: PlanId | null | undefined;
}): PlanId | null {
  const from = effectivePlan(input.plan);
  const limit = UPGRADE_REASON_LIMIT[input.reason];
  const above = PLAN_IDS.slice(PLAN_IDS.indexOf(from) + 1);
  return above.find((to) => lifts(limit, from, to)) ?? null;
}
