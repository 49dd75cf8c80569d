import { PLAN_IDS, type PlanId } from "./plan-ids.ts";

/**
 * Plan comparisons (spec section 1): "Plans are compared at-or-above; a free user is one
 * with no plan or the lite plan."
 *
 * Accounts are created before anyone has paid, so `plan` is nullable all the way from the
 * database to the UI. Every rule that looks at a plan goes through `effectivePlan` so that
 * "no plan" and "lite" can never be treated differently by accident.
 */

/** The plan whose rules apply: an account without a plan is on lite. */
export function effectivePlan(plan: PlanId | null | undefined): PlanId {
  return plan ?? "lite";
}

/**
 * Position on the ladder, 0 for lite. Exposed for sorting and for the plan-card state;
 * callers comparing two plans should prefer `isPlanAtOrAbove`, which reads better.
 */
export function planRank(plan: PlanId | null | undefined): number {
  return PLAN_IDS.indexOf(effectivePlan(plan));
}

/**
 * True when `plan` is `min` or any plan above it on the ladder. A missing plan counts as
 * lite, so `isPlanAtOrAbove(null, "lite")` is true and `isPlanAtOrAbove(null, "explorer")`
 * is false.
 */
export function isPlanAtOrAbove(plan: PlanId | null | undefined, min: PlanId): boolean {
  return planRank(plan) >= planRank(min);
}

/** A free user has no plan or the lite plan (spec section 1). */
export function isFreePlan(plan: PlanId | null | undefined): boolean {
  return effectivePlan(plan) === "lite";
}

/**
 * The plan directly above `plan`, or null on the top plan. Upgrade prompts use it to
 * suggest the smallest step up rather than the most expensive plan.
 */
export function nextPlanAbove(plan: PlanId | null | undefined): PlanId | null {
  return PLAN_IDS[planRank(plan) + 1] ?? null;
}
