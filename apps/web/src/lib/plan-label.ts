import type { PlanId } from "@liftoff/domain";

/** Short plan name for badges: no plan or lite reads "Free" (spec: both are the free plan). */
export function planLabel(plan: PlanId | null | undefined): string {
  if (!plan || plan === "lite") return "Free";
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
