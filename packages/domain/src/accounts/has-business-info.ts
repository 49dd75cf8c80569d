import { isFreePlan } from "../plans/is-plan-at-or-above.ts";
import type { PlanId } from "../plans/plan-ids.ts";

/**
 * Spec section 3: hasBusinessInfo is false for builder accounts without business info on
 * lite. Paid builders and non-builder accounts are not asked for it, so it reads true.
 */
export function hasBusinessInfo(input: {
  accountType: string;
  plan: PlanId | null;
  businessInfoProvided: boolean;
}): boolean {
  if (input.businessInfoProvided) return true;
  return !(input.accountType === "builder" && isFreePlan(input.plan));
}
