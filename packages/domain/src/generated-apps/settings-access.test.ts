import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../plans/plan-ids.ts";
import { canEditAppSettings, canHideWatermark } from "./settings-access.ts";

describe("canEditAppSettings", () => {
  it("opens a generated app's settings to admins and from Moon up (spec section 2)", () => {
    expect(canEditAppSettings({ kind: "generated", plan: "master", isAdmin: false })).toBe(false);
    expect(canEditAppSettings({ kind: "generated", plan: "moon", isAdmin: false })).toBe(true);
    expect(canEditAppSettings({ kind: "generated", plan: "lite", isAdmin: true })).toBe(true);
  });

  it("keeps a single tool's settings from lite builders (spec section 6)", () => {
    expect(canEditAppSettings({ kind: "tool", plan: "lite", isAdmin: false })).toBe(false);
    expect(canEditAppSettings({ kind: "tool", plan: null, isAdmin: false })).toBe(false);
    expect(canEditAppSettings({ kind: "tool", plan: "explorer", isAdmin: false })).toBe(true);
    expect(canEditAppSettings({ kind: "tool", plan: "lite", isAdmin: true })).toBe(true);
  });
});

describe("canHideWatermark", () => {
  it("is allowed from builder up (spec section 6)", () => {
    expect(PLAN_IDS.filter(canHideWatermark)).toEqual([
      "builder",
      "monetizer",
      "business",
      "master",
      "moon",
      "spaceship",
      "galaxy",
    ]);
  });
});
