import type { PlanId } from "../plans/plan-ids.ts";
import { planLimits } from "../plans/plan-limits.ts";
import type { RuleCheck } from "./check-tool-activation.ts";
import { maxToolsMessage } from "./generated-app-messages.ts";

/**
 * Whether one more tool fits the app (spec section 5: "The maximum number of tools per app
 * blocks adding more"); `toolCount` counts drafts and live tools alike. The spec has no
 * upgrade reason for it, so the dialog opens with its default reason.
 */
export function checkAddTool(input: { toolCount: number; plan: PlanId | null | undefined }): RuleCheck {
  const max = planLimits(input.plan).maxToolsPerApp;
  return input.toolCount < max
    ? { ok: true }
    : { ok: false, message: maxToolsMessage(max), upgradeReason: "default" };
}
