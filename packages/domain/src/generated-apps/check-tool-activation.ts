import { isLiveToolLimitReached, liveToolLimitMessage } from "../plans/live-tool-limit-message.ts";
import type { PlanId } from "../plans/plan-ids.ts";
import { planLimits } from "../plans/plan-limits.ts";
import type { UpgradeReason } from "../plans/upgrade-reasons.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/** The answer of a rule that may open the upgrade dialog. */
export type RuleCheck = { ok: true } | { ok: false; message: string; upgradeReason?: UpgradeReason };

/**
 * Whether a tool may be active (spec sections 4, 6 and 8): it needs a non-empty title,
 * and a tool that is not active yet is blocked once the app has as many active tools as
 * the plan's live-tool limit, with the upgrade dialog's 'activated tools per app limit'
 * reason. `activeToolCount` counts the app's active tools; a tool already active is never
 * blocked by the limit, so a downgrade does not stop an app from saving.
 */
export function checkToolActivation(input: {
  title: string;
  isActive: boolean;
  activeToolCount: number;
  plan: PlanId | null | undefined;
}): RuleCheck {
  if (input.title.trim() === "") return { ok: false, message: GENERATED_APP_MESSAGES.activationNeedsTitle };
  if (
    isLiveToolLimitReached({
      plan: input.plan,
      activeToolCount: input.activeToolCount,
      toolIsActive: input.isActive,
    })
  )
    return {
      ok: false,
      message: liveToolLimitMessage(planLimits(input.plan).liveToolsPerApp),
      upgradeReason: "activated_tools_per_app_limit",
    };
  return { ok: true };
}
