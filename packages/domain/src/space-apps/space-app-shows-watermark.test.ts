import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../plans/plan-ids.ts";
import { spaceAppShowsWatermark } from "./space-app-shows-watermark.ts";

describe("spaceAppShowsWatermark", () => {
  it("shows the watermark on lite (or no plan) and explorer only", () => {
    expect(spaceAppShowsWatermark(null)).toBe(true);
    expect(spaceAppShowsWatermark(undefined)).toBe(true);
    expect(PLAN_IDS.filter((plan) => spaceAppShowsWatermark(plan))).toEqual(["lite", "explorer"]);
  });

  it("hides it from builder up, Moon and Spaceship included", () => {
    for (const plan of ["builder", "monetizer", "business", "master", "moon", "spaceship", "galaxy"] as const)
      expect(spaceAppShowsWatermark(plan), plan).toBe(false);
  });
});
