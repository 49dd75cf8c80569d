import type { PlanId } from "./plan-ids.ts";
import { type PlanLimits, planLimits } from "./plan-limits.ts";

/**
 * Yes/no plan capabilities (spec sections 6 and 9), read from PLAN_LIMITS so that the
 * table stays the single place where a plan's rights are written down. The spec names some
 * of them for a band (Business and Master; Moon or Spaceship); the ladder keeps each from
 * its band's lowest plan up, so no upgrade takes a feature away (issue 13).
 */
export type PlanFeature = {
  [K in keyof PlanLimits]: PlanLimits[K] extends boolean ? K : never;
}[keyof PlanLimits];

/** Whether `plan` (no plan meaning lite) includes `feature`. */
export function canUsePlanFeature(plan: PlanId | null | undefined, feature: PlanFeature): boolean {
  return planLimits(plan)[feature];
}

/** Custom domains: Business and above. */
export function canUseCustomDomain(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "customDomains");
}

/** The payment system (paid memberships): Moon and above. */
export function canUsePaymentSystem(plan: PlanId | null | undefined): boolean {
  return canUsePlanFeature(plan, "paymentSystem");
}

/** Space apps publish without the watermark: Moon and above. */
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
