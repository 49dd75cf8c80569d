import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../plans/plan-limits.ts";
import { checkAddTool } from "./check-add-tool.ts";

describe("checkAddTool", () => {
  it("allows tools up to the plan's maximum and then blocks adding more", () => {
    const max = PLAN_LIMITS.lite.maxToolsPerApp;
    expect(checkAddTool({ toolCount: max - 1, plan: "lite" })).toEqual({ ok: true });
    expect(checkAddTool({ toolCount: max, plan: null })).toEqual({
      ok: false,
      message: `Your plan includes ${max} tools per app. To add more tools, upgrade your plan`,
      upgradeReason: "default",
    });
  });
});
