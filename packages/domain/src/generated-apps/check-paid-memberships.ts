import { canUsePaymentSystem } from "../plans/can-use-plan-feature.ts";
import type { PlanId } from "../plans/plan-ids.ts";
import type { RuleCheck } from "./check-tool-activation.ts";

/** Ours: spec section 5 gives the rule and a tooltip, not its text. */
export const PAID_MEMBERSHIPS_MESSAGES = {
  needsPlan: "Upgrade your plan to offer paid memberships",
  needsSignup: "Paid memberships need user sign-up to be turned on",
  needsCustomDomain: "Paid memberships need a custom domain",
} as const;

/**
 * Whether paid memberships may be turned on (spec sections 5 and 6): the plan must
 * include the payment system (Moon and up; upgrade reason 'payment_system'), user sign-up
 * must be on, and the app needs a custom domain. `hasCustomDomain` undefined: not known
 * here, so not checked.
 */
export function checkPaidMemberships(input: {
  plan: PlanId | null | undefined;
  isSignupEnabled: boolean;
  hasCustomDomain?: boolean;
}): RuleCheck {
  if (!canUsePaymentSystem(input.plan))
    return { ok: false, message: PAID_MEMBERSHIPS_MESSAGES.needsPlan, upgradeReason: "payment_system" };
  if (!input.isSignupEnabled) return { ok: false, message: PAID_MEMBERSHIPS_MESSAGES.needsSignup };
  if (input.hasCustomDomain === false)
    return { ok: false, message: PAID_MEMBERSHIPS_MESSAGES.needsCustomDomain };
  return { ok: true };
}
