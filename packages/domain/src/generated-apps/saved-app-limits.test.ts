import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../plans/plan-ids.ts";
import { PLAN_LIMITS } from "../plans/plan-limits.ts";
import { APP_BUILDER_VERSION, SAVED_APP_LIMITS, SAVED_APP_SETTINGS_RANGES } from "./saved-app-limits.ts";

describe("saved app limits", () => {
  it("writes builder version 4 (spec section 9)", () => {
    expect(APP_BUILDER_VERSION).toBe(4);
  });

  it("keeps the spec's numbers", () => {
    expect(SAVED_APP_LIMITS.maxExamples).toBe(3);
    expect(SAVED_APP_SETTINGS_RANGES.userLimit).toEqual({ min: 1, max: 100 });
    expect(SAVED_APP_SETTINGS_RANGES.creditsPerRun).toEqual({ min: 0, max: 20, default: 1 });
    expect(SAVED_APP_SETTINGS_RANGES.modelTemperature).toEqual({ min: 0, max: 2, step: 0.1, default: 0.7 });
  });

  it("lets the schema hold as many tools as the largest plan allows, and no plan more", () => {
    for (const plan of PLAN_IDS)
      expect(PLAN_LIMITS[plan].maxToolsPerApp).toBeLessThanOrEqual(SAVED_APP_LIMITS.maxTools);
    expect(PLAN_IDS.some((plan) => PLAN_LIMITS[plan].maxToolsPerApp === SAVED_APP_LIMITS.maxTools)).toBe(
      true,
    );
  });

  it("puts the default user limits inside the range, daily below weekly", () => {
    const {
      dailyUserLimitDefault: daily,
      weeklyUserLimitDefault: weekly,
      userLimit,
    } = SAVED_APP_SETTINGS_RANGES;
    expect(daily).toBeGreaterThanOrEqual(userLimit.min);
    expect(weekly).toBeLessThanOrEqual(userLimit.max);
    expect(daily).toBeLessThanOrEqual(weekly);
  });
});
