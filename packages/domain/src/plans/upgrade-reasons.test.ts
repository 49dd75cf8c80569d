import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUpgradeReason, UPGRADE_REASONS, upgradeReasonSchema } from "./upgrade-reasons.ts";

describe("UPGRADE_REASONS", () => {
  it("lists the spec's thirteen reasons in the spec's order, then the two additions", () => {
    expect(UPGRADE_REASONS).toEqual([
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
    ]);
  });

  it("uses unique snake_case ids", () => {
    expect(new Set(UPGRADE_REASONS).size).toBe(UPGRADE_REASONS.length);
    for (const reason of UPGRADE_REASONS) expect(reason).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

describe("upgradeReasonSchema", () => {
  it.each(UPGRADE_REASONS)("accepts %s", (reason) => {
    expect(upgradeReasonSchema.parse(reason)).toBe(reason);
  });

  it.each(["", "Default", "app-runs-limit", "appRunsLimit", "upgrade_app_plan", " default"])(
    "rejects %j",
    (value) => {
      expect(upgradeReasonSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe("parseUpgradeReason", () => {
  it("keeps a known reason", () => {
    for (const reason of UPGRADE_REASONS) expect(parseUpgradeReason(reason)).toBe(reason);
  });

  it.each([undefined, null, 42, "", "unknown_reason", ["watermark"], { reason: "watermark" }])(
    "falls back to default for %j",
    (value) => {
      expect(parseUpgradeReason(value)).toBe("default");
    },
  );

  it("always returns a member of UPGRADE_REASONS", () => {
    fc.assert(fc.property(fc.anything(), (value) => UPGRADE_REASONS.includes(parseUpgradeReason(value))));
  });
});
