import {
  canPublishSpaceAppsWithoutWatermark,
  isWatermarkHiddenByDefault,
} from "../plans/can-use-plan-feature.ts";
import type { PlanId } from "../plans/plan-ids.ts";

/**
 * Whether a published space app shows the platform watermark (spec section 6). One rule:
 * the owner's plan decides. Lite (no plan) and explorer show it; builder and every plan
 * above hide it by default, and Moon/Spaceship, whose card promises watermark-free space
 * apps, are inside that set too. There is no per-app switch to bring it back, so "hidden by
 * default" is "hidden".
 */
export function spaceAppShowsWatermark(plan: PlanId | null | undefined): boolean {
  return !(isWatermarkHiddenByDefault(plan) || canPublishSpaceAppsWithoutWatermark(plan));
}
