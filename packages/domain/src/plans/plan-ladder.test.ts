import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "./plan-ids.ts";
import { PLAN_LIMITS, type PlanLimits } from "./plan-limits.ts";

// Walks every field of every pair of neighbouring plans, whatever fields exist, so a field
// added later is checked without editing this file. Issue 13: "the plan ladder never goes
// backwards (a higher plan has every feature of a lower one)".
describe("the plan ladder never goes backwards", () => {
  const pairs = PLAN_IDS.slice(1).map((higher, index) => [PLAN_IDS[index]!, higher] as const);
  const fields = Object.keys(PLAN_LIMITS.lite) as (keyof PlanLimits)[];

  it("has fields to walk", () => {
    expect(fields.length).toBeGreaterThan(20);
  });

  it.each(pairs)("%s -> %s: no lower limit and no lost feature", (lower, higher) => {
    const backwards = fields.filter((field) => {
      const below = PLAN_LIMITS[lower][field];
      const above = PLAN_LIMITS[higher][field];
      if (typeof below === "boolean") return below && !above;
      return (above as number) < (below as number);
    });
    expect(backwards).toEqual([]);
  });
});
