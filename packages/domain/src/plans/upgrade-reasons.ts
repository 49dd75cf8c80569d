import { z } from "zod";

/**
 * Why the upgrade-plan dialog opened (spec section 4 "Upgrade dialog reasons"), as stable
 * snake_case ids that travel in API errors (`PLAN_LIMIT` details.reason), URLs and
 * analytics. The order is the spec's, followed by our two additions:
 * - 'max_apps' and 'max_gen_apps': the dashboard refuses a new app once the account owns
 *   `maxApps` apps or `maxGenApps` generated apps. The spec names both limits (account
 *   fields) but lists no dialog reason for them; 'max_space_apps' already exists, so the
 *   other two kinds get theirs.
 */
export const UPGRADE_REASONS = [
  "default",
  "app_runs_limit",
  "new_tool_generations_limit",
  "activated_tools_per_app_limit",
  "embed_app",
  "custom_domain",
  "data_processing_limit",
  "free_data_items_limit",
  "publish",
  "watermark",
  "max_space_apps",
  "pro_tools_access",
  "payment_system",
  "max_apps",
  "max_gen_apps",
] as const;

export const upgradeReasonSchema = z.enum(UPGRADE_REASONS);
export type UpgradeReason = z.infer<typeof upgradeReasonSchema>;

/**
 * Reads a reason from untrusted input (a query parameter, an error body). Anything unknown
 * becomes 'default' so an old client meeting a new reason still shows a sensible dialog.
 */
export function parseUpgradeReason(value: unknown): UpgradeReason {
  const parsed = upgradeReasonSchema.safeParse(value);
  return parsed.success ? parsed.data : "default";
}
