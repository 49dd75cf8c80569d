import type { PlanId } from "./plan-ids.ts";
import { planLimits } from "./plan-limits.ts";

/**
 * The live-tool limit (spec sections 4 and 6): activating a tool is blocked when the app
 * already has as many active tools as the plan allows and the tool is not active itself.
 */

/** The exact message of spec section 6, with the plan's number of live tools. */
export function liveToolLimitMessage(n: number): string {
  return `Your plan includes ${n} live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan`;
}

/**
 * Whether activating one more tool would break the live-tool limit. A tool that is already
 * active is never blocked: saving it again must not be refused after a downgrade.
 */
export function isLiveToolLimitReached(input: {
  plan: PlanId | null | undefined;
  activeToolCount: number;
  toolIsActive: boolean;
}): boolean {
  if (input.toolIsActive) return false;
  return input.activeToolCount >= planLimits(input.plan).liveToolsPerApp;
}
