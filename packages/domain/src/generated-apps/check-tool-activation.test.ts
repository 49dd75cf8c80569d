import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../plans/plan-limits.ts";
import { checkToolActivation } from "./check-tool-activation.ts";

describe("checkToolActivation", () => {
  it("refuses a tool without a title (spec section 8)", () => {
    for (const title of ["", "   "])
      expect(checkToolActivation({ title, isActive: false, activeToolCount: 0, plan: "galaxy" })).toEqual({
        ok: false,
        message: "Your tool should have a header before it is activated",
      });
  });

  it("allows a titled tool under the plan's live-tool limit", () => {
    expect(
      checkToolActivation({ title: "Coach", isActive: false, activeToolCount: 0, plan: "lite" }),
    ).toEqual({ ok: true });
  });

  it("blocks one more live tool at the limit, with the spec's message and upgrade reason", () => {
    const n = PLAN_LIMITS.explorer.liveToolsPerApp;
    expect(
      checkToolActivation({ title: "Coach", isActive: false, activeToolCount: n, plan: "explorer" }),
    ).toEqual({
      ok: false,
      message: `Your plan includes ${n} live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan`,
      upgradeReason: "activated_tools_per_app_limit",
    });
  });

  it("never blocks a tool that is already active", () => {
    expect(
      checkToolActivation({ title: "Coach", isActive: true, activeToolCount: 50, plan: "lite" }),
    ).toEqual({ ok: true });
  });
});
