import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlanAtOrAbove } from "./is-plan-at-or-above.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";
import { PLAN_LIMITS } from "./plan-limits.ts";
import { UPGRADE_REASONS } from "./upgrade-reasons.ts";
import { UPGRADE_REASON_LIMIT, upgradeTargetPlan } from "./upgrade-target-plan.ts";

const reason = fc.constantFrom(...UPGRADE_REASONS);
const plan = fc.constantFrom(...PLAN_IDS);

describe("UPGRADE_REASON_LIMIT", () => {
  it("maps every reason, each to a real PLAN_LIMITS field or to null for 'default' only", () => {
    expect(Object.keys(UPGRADE_REASON_LIMIT).sort()).toEqual([...UPGRADE_REASONS].sort());
    for (const [key, limit] of Object.entries(UPGRADE_REASON_LIMIT)) {
      if (key === "default") expect(limit).toBeNull();
      else expect(Object.keys(PLAN_LIMITS.lite)).toContain(limit);
    }
  });
});

describe("upgradeTargetPlan", () => {
  it.each<[string, PlanId | null, PlanId | null]>([
    ["default", null, "explorer"],
    ["default", "builder", "monetizer"],
    ["default", "galaxy", null],
    ["app_runs_limit", "lite", "explorer"],
    ["app_runs_limit", "moon", "spaceship"],
    ["app_runs_limit", "galaxy", null],
    ["custom_domain", "lite", "business"],
    ["custom_domain", "builder", "business"],
    ["custom_domain", "business", "master"],
    ["custom_domain", "master", "moon"],
    ["custom_domain", "galaxy", null],
    ["payment_system", "lite", "moon"],
    ["payment_system", "master", "moon"],
    ["payment_system", "moon", "spaceship"],
    ["payment_system", "spaceship", "galaxy"],
    ["payment_system", "galaxy", null],
    ["watermark", "lite", "builder"],
    ["watermark", "explorer", "builder"],
    ["watermark", "builder", "monetizer"],
    ["pro_tools_access", "explorer", "builder"],
    ["embed_app", null, "explorer"],
    ["free_data_items_limit", "lite", "explorer"],
    ["max_apps", "explorer", "builder"],
    ["max_gen_apps", "lite", "explorer"],
  ])("%s from %s -> %s", (r, from, expected) => {
    expect(upgradeTargetPlan({ reason: r as (typeof UPGRADE_REASONS)[number], plan: from })).toBe(expected);
  });

  it("is always strictly above the current plan", () => {
    fc.assert(
      fc.property(reason, plan, (r, from) => {
        const target = upgradeTargetPlan({ reason: r, plan: from });
        if (target !== null) expect(isPlanAtOrAbove(from, target)).toBe(false);
      }),
    );
  });

  it("is the cheapest plan that lifts the limit: no plan between current and target does", () => {
    fc.assert(
      fc.property(reason, plan, (r, from) => {
        const target = upgradeTargetPlan({ reason: r, plan: from });
        const limit = UPGRADE_REASON_LIMIT[r];
        const end = target === null ? PLAN_IDS.length : PLAN_IDS.indexOf(target);
        for (const between of PLAN_IDS.slice(PLAN_IDS.indexOf(from) + 1, end)) {
          if (limit === null) throw new Error("default always finds the next plan");
          const value = PLAN_LIMITS[between][limit];
          if (typeof value === "boolean") expect(value).toBe(false);
          else expect(value).toBeLessThanOrEqual(PLAN_LIMITS[from][limit] as number);
        }
      }),
    );
  });

  it("for counters, finds the next plan up (every counter behind a reason strictly grows)", () => {
    const counters = UPGRADE_REASONS.filter((r) => {
      const limit = UPGRADE_REASON_LIMIT[r];
      return limit !== null && typeof PLAN_LIMITS.lite[limit] === "number";
    });
    expect(counters.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.constantFrom(...counters), plan, (r, from) => {
        const next = PLAN_IDS[PLAN_IDS.indexOf(from) + 1] ?? null;
        expect(upgradeTargetPlan({ reason: r, plan: from })).toBe(next);
      }),
    );
  });

  it("treats no plan as lite", () => {
    fc.assert(
      fc.property(reason, (r) => {
        expect(upgradeTargetPlan({ reason: r, plan: null })).toBe(
          upgradeTargetPlan({ reason: r, plan: "lite" }),
        );
        expect(upgradeTargetPlan({ reason: r, plan: undefined })).toBe(
          upgradeTargetPlan({ reason: r, plan: "lite" }),
        );
      }),
    );
  });
});
