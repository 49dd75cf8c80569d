import { describe, expect, it } from "vitest";
import { PLAN_CARDS } from "./plan-cards.ts";
import { UPGRADE_REASON_COPY } from "./upgrade-reason-copy.ts";
import { UPGRADE_REASONS } from "./upgrade-reasons.ts";
import { upgradeTargetPlan } from "./upgrade-target-plan.ts";

const entries = UPGRADE_REASONS.map((reason) => [reason, UPGRADE_REASON_COPY[reason]] as const);
// Card names as shown ('Builder', 'Moon'); the lowercase ids are ordinary English words
// ('business context', 'builder') and may appear.
const planNames = PLAN_CARDS.map((card) => card.name).filter((name) => name !== "Free");

describe("UPGRADE_REASON_COPY", () => {
  it("has copy for every reason and nothing else", () => {
    expect(Object.keys(UPGRADE_REASON_COPY).sort()).toEqual([...UPGRADE_REASONS].sort());
  });

  it.each(entries)("%s has a title and a description that read as sentences", (_reason, copy) => {
    expect(copy.title.trim()).toBe(copy.title);
    expect(copy.title.length).toBeGreaterThan(5);
    expect(copy.title.length).toBeLessThanOrEqual(60);
    expect(copy.title).not.toMatch(/\.$/);
    expect(copy.description.trim()).toBe(copy.description);
    expect(copy.description.length).toBeGreaterThan(40);
    expect(copy.description.length).toBeLessThanOrEqual(200);
    expect(copy.description).toMatch(/\.$/);
  });

  it.each(entries)("%s names no plan, so the copy survives a change of the ladder", (_reason, copy) => {
    for (const name of planNames) {
      expect(`${copy.title} ${copy.description}`).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it.each(entries)("%s never offers the free plan as the way out", (_reason, copy) => {
    expect(copy.minPlan).not.toBe("lite");
  });

  it("has distinct titles, so every dialog says why it opened", () => {
    const titles = entries.map(([, copy]) => copy.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(entries)(
    "%s: minPlan is the lowest plan that lifts the limit for a free account",
    (reason, copy) => {
      expect(copy.minPlan).toBe(upgradeTargetPlan({ reason, plan: "lite" }));
    },
  );

  it.each([
    ["custom_domain", "business"],
    ["payment_system", "moon"],
    ["watermark", "builder"],
    ["default", "explorer"],
  ] as const)("%s starts at %s as the spec's plan rules imply", (reason, plan) => {
    expect(UPGRADE_REASON_COPY[reason].minPlan).toBe(plan);
  });
});
