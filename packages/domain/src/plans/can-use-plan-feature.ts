import type { PlanId } from "./plan-ids.ts";
import { type PlanLimits, planLimits } from "./plan-limits.ts";

/**
 * Yes/no plan capabilities (spec sections 6 and 9), read from PLAN_LIMITS so that the
 * table stays the single place where a plan's rights are written down. Some of them are
 * bands, not floors: custom domains belong to Business and Master only, the payment
 * system to Moon and Spaceship only, so "at or above" would be wrong for those.
 */
export type PlanFeature = {
  [K in keyof PlanLimits]: PlanLimits[K] extends boolean ? K : never;
}[keyof PlanLimits];

/** Whether `plan` (no plan meaning lite) includes `feature`. */
export function canUsePlanFeature(plan: PlanId | null | undefined, feature: PlanFeature): boolean {
  return planLimits(plan)[feature];
}

/** Business and Master plans allow custom domains. */
export function canUseCustomDomain(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "customDomains");
}

/** Moon or Spaceship allow the payment system (paid memberships). */
export function canUsePaymentSystem(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "paymentSystem");
}

/** Moon or Spaceship publish space apps without the watermark. */
export function canPublishSpaceAppsWithoutWatermark(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "watermarkFreeSpaceApps");
}

/** The watermark starts hidden on builder, monetizer, business, master, moon, spaceship, galaxy. */
export function isWatermarkHiddenByDefault(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "watermarkHiddenByDefault");
}

/**
 * The App settings entry of a generated app: admins always, everyone else from Moon up
 * ("App settings (admin, or plan MOON or above)", spec section 2). Space apps show their
 * App settings always, so this rule is only for generated apps.
 */
export function canOpenGeneratedAppSettings(input: {
  plan: PlanId | null | undefined;
  isAdmin: boolean;
}): boolean {
  return input.isAdmin || canUsePlanFeature(input.plan, "appSettingsForGeneratedApps");
}
