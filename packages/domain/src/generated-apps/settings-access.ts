import { canOpenGeneratedAppSettings, isWatermarkHiddenByDefault } from "../plans/can-use-plan-feature.ts";
import { effectivePlan } from "../plans/is-plan-at-or-above.ts";
import type { PlanId } from "../plans/plan-ids.ts";
import type { SavedAppSettings } from "./app-settings.ts";
import type { SavedAppKind } from "./saved-app.ts";

/**
 * Settings only admins change (spec section 6: AI model, temperature and query method,
 * the claim toggle, credits per run, user-can-edit-results, templates).
 */
export const ADMIN_ONLY_SETTINGS = [
  "aiModel",
  "modelTemperature",
  "aiQueryMethod",
  "isClaimable",
  "creditsPerRun",
  "userCanEditResults",
  "isAppTemplate",
  "isToolTemplate",
  "templateCategory",
  "templateCategories",
  "templateImageUrl",
  "templateDescription",
] as const satisfies readonly (keyof SavedAppSettings)[];

/** Ours: the spec gives the upgrade prompt but no text for a builder who may not edit settings. */
export const SETTINGS_NEED_UPGRADE_MESSAGE = "Upgrade your plan to change the settings of this app";

/**
 * Whether this builder may edit the app's settings at all (spec sections 2 and 6): for a
 * generated app, admins or plan Moon and above; for a single tool, anyone but lite (lite
 * builders get the upgrade prompt); admins always.
 */
export function canEditAppSettings(viewer: {
  kind: SavedAppKind;
  plan: PlanId | null | undefined;
  isAdmin: boolean;
}): boolean {
  if (viewer.kind === "generated") return canOpenGeneratedAppSettings(viewer);
  return viewer.isAdmin || effectivePlan(viewer.plan) !== "lite";
}

/** Whether the plan lets the builder hide the watermark (spec section 6: it is hidden by default from builder up). */
export function canHideWatermark(plan: PlanId | null | undefined): boolean {
  return isWatermarkHiddenByDefault(plan);
}
