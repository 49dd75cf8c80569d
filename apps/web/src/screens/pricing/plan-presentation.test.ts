import { PLAN_LIMITS } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { bestYearlySavings, comparisonRows, planFeatureBullets, planPriceView } from "./plan-presentation.ts";

const card = (overrides: Partial<Parameters<typeof planPriceView>[0]> = {}) => ({
  price: 39,
  discuountedPrice: null,
  priceYearly: 390,
  oneTimePayment: false,
  ...overrides,
});

describe("planPriceView", () => {
  it("shows the monthly price billed monthly", () => {
    expect(planPriceView(card(), "monthly")).toEqual({
      amount: "$39.00",
      strikethrough: null,
      unit: "/ month",
      note: "billed monthly",
      savingsPercent: null,
    });
  });

  it("shows the yearly price divided by 12 with the savings badge", () => {
    const view = planPriceView(card(), "yearly");
    expect(view.amount).toBe("$32.50");
    expect(view.note).toBe("$390.00 billed yearly");
    expect(view.savingsPercent).toBe(16);
  });

  it("shows the badge at exactly 10 % and hides it below", () => {
    expect(planPriceView(card({ price: 10, priceYearly: 108 }), "yearly").savingsPercent).toBe(10);
    expect(planPriceView(card({ price: 10, priceYearly: 109 }), "yearly").savingsPercent).toBeNull();
  });

  it("strikes through the regular price when discounted", () => {
    const view = planPriceView(card({ discuountedPrice: 29 }), "monthly");
    expect(view.amount).toBe("$29.00");
    expect(view.strikethrough).toBe("$39.00");
  });

  it("treats a free plan and a one-time payment specially", () => {
    expect(planPriceView(card({ price: 0, priceYearly: 0 }), "yearly")).toMatchObject({
      amount: "$0.00",
      note: "Free forever",
      savingsPercent: null,
    });
    expect(planPriceView(card({ oneTimePayment: true, priceYearly: null }), "yearly")).toMatchObject({
      amount: "$39.00",
      unit: "one-time",
    });
  });

  it("falls back to monthly when there is no yearly price", () => {
    expect(planPriceView(card({ priceYearly: null }), "yearly").note).toBe("billed monthly");
  });
});

describe("bestYearlySavings", () => {
  it("returns the largest badge value or null", () => {
    expect(bestYearlySavings([card(), card({ price: 10, priceYearly: 108 })])).toBe(16);
    expect(bestYearlySavings([card({ price: 0, priceYearly: 0 })])).toBeNull();
  });
});

describe("planFeatureBullets", () => {
  it("uses compact numbers and singulars", () => {
    const bullets = planFeatureBullets("lite");
    expect(bullets).toContain(`${PLAN_LIMITS.lite.maxApps} apps`);
    expect(bullets).toContain("1 space app");
    expect(bullets).toContain("1 generated app");
    expect(bullets).toContain("1 live tool per app");
    expect(bullets).toContain("1 data item");
    expect(bullets).not.toContain("Custom domain");
  });

  it("lists yes/no features of the plan", () => {
    expect(planFeatureBullets("business")).toContain("Custom domain");
    expect(planFeatureBullets("moon")).toContain("Payment system for paid memberships");
    expect(planFeatureBullets("builder")).toContain("Watermark hidden");
    expect(planFeatureBullets("explorer").some((b) => /K app runs \/ month$|^\d+ app runs/.test(b))).toBe(
      true,
    );
  });
});

describe("comparisonRows", () => {
  it("has one value per plan and booleans for yes/no rows", () => {
    const rows = comparisonRows(["lite", "business", "moon"]);
    expect(rows.map((r) => r.label)).toEqual([
      "Apps",
      "Space apps",
      "Generated apps",
      "Tools per app",
      "Live tools per app",
      "Data items",
      "App runs / month",
      "Custom domain",
      "Watermark hidden",
      "Payment system",
    ]);
    // Moon keeps Business's custom domain: the ladder never goes backwards (issue 13).
    expect(rows.find((r) => r.label === "Custom domain")?.values).toEqual([false, true, true]);
    expect(rows.find((r) => r.label === "Space apps")?.values).toEqual(
      ["lite", "business", "moon"].map((id) => String(PLAN_LIMITS[id as "lite"].maxSpaceApps)),
    );
    expect(rows.find((r) => r.label === "Payment system")?.values).toEqual([false, false, true]);
    expect(rows.every((r) => r.values.length === 3)).toBe(true);
  });
});
