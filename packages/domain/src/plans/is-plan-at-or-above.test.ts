import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  effectivePlan,
  isFreePlan,
  isPlanAtOrAbove,
  nextPlanAbove,
  planRank,
} from "./is-plan-at-or-above.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";

const plan = fc.constantFrom(...PLAN_IDS);
const maybePlan = fc.constantFrom<PlanId | null | undefined>(...PLAN_IDS, null, undefined);

describe("effectivePlan", () => {
  it.each([
    [null, "lite"],
    [undefined, "lite"],
    ["lite", "lite"],
    ["explorer", "explorer"],
    ["galaxy", "galaxy"],
  ] as const)("%s -> %s", (input, expected) => {
    expect(effectivePlan(input)).toBe(expected);
  });
});

describe("planRank", () => {
  it("follows PLAN_IDS, lite at 0 and galaxy at 8", () => {
    expect(PLAN_IDS.map((id) => planRank(id))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("ranks a missing plan as lite", () => {
    expect(planRank(null)).toBe(0);
    expect(planRank(undefined)).toBe(0);
  });
});

describe("isPlanAtOrAbove", () => {
  it.each([
    ["lite", "lite", true],
    ["lite", "explorer", false],
    ["explorer", "lite", true],
    ["builder", "builder", true],
    ["builder", "monetizer", false],
    ["business", "builder", true],
    ["master", "moon", false],
    ["moon", "moon", true],
    ["spaceship", "moon", true],
    ["galaxy", "moon", true],
    ["galaxy", "galaxy", true],
    ["spaceship", "galaxy", false],
    [null, "lite", true],
    [null, "explorer", false],
    [undefined, "lite", true],
    [undefined, "galaxy", false],
  ] as const)("isPlanAtOrAbove(%s, %s) is %s", (current, min, expected) => {
    expect(isPlanAtOrAbove(current, min)).toBe(expected);
  });

  it("agrees with the PLAN_IDS order for every pair", () => {
    fc.assert(
      fc.property(plan, plan, (a, b) => {
        expect(isPlanAtOrAbove(a, b)).toBe(PLAN_IDS.indexOf(a) >= PLAN_IDS.indexOf(b));
      }),
    );
  });

  it("is reflexive", () => {
    fc.assert(fc.property(plan, (a) => isPlanAtOrAbove(a, a)));
  });

  it("is antisymmetric", () => {
    fc.assert(
      fc.property(plan, plan, (a, b) => {
        if (isPlanAtOrAbove(a, b) && isPlanAtOrAbove(b, a)) expect(a).toBe(b);
      }),
    );
  });

  it("is transitive", () => {
    fc.assert(
      fc.property(plan, plan, plan, (a, b, c) => {
        if (isPlanAtOrAbove(a, b) && isPlanAtOrAbove(b, c)) expect(isPlanAtOrAbove(a, c)).toBe(true);
      }),
    );
  });

  it("is total: of any two plans one is at or above the other", () => {
    fc.assert(fc.property(plan, plan, (a, b) => isPlanAtOrAbove(a, b) || isPlanAtOrAbove(b, a)));
  });

  it("sorting by it reproduces PLAN_IDS", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...PLAN_IDS], { minLength: PLAN_IDS.length }), (shuffled) => {
        const sorted = [...shuffled].sort((a, b) => (isPlanAtOrAbove(a, b) ? (a === b ? 0 : 1) : -1));
        expect(sorted).toEqual([...PLAN_IDS]);
      }),
    );
  });

  it("treats a missing plan exactly like lite", () => {
    fc.assert(
      fc.property(plan, (min) => {
        expect(isPlanAtOrAbove(null, min)).toBe(isPlanAtOrAbove("lite", min));
        expect(isPlanAtOrAbove(undefined, min)).toBe(isPlanAtOrAbove("lite", min));
      }),
    );
  });

  it("every plan is at or above lite", () => {
    fc.assert(fc.property(maybePlan, (a) => isPlanAtOrAbove(a, "lite")));
  });
});

describe("isFreePlan", () => {
  it.each([
    [null, true],
    [undefined, true],
    ["lite", true],
    ["explorer", false],
    ["builder", false],
    ["galaxy", false],
  ] as const)("%s -> %s", (input, expected) => {
    expect(isFreePlan(input)).toBe(expected);
  });

  it("is free exactly when not at or above explorer", () => {
    fc.assert(fc.property(maybePlan, (a) => isFreePlan(a) === !isPlanAtOrAbove(a, "explorer")));
  });
});

describe("nextPlanAbove", () => {
  it("walks the ladder one step at a time and stops at the top", () => {
    expect(PLAN_IDS.map((id) => nextPlanAbove(id))).toEqual([...PLAN_IDS.slice(1), null]);
  });

  it("starts from lite when there is no plan", () => {
    expect(nextPlanAbove(null)).toBe("explorer");
    expect(nextPlanAbove(undefined)).toBe("explorer");
  });
});
