import { describe, expect, it } from "vitest";
import { type PlanCard, planCardSchema } from "./plan-card.ts";

const valid: PlanCard = {
  id: "builder",
  name: "Builder",
  price: 39,
  discuountedPrice: null,
  priceYearly: 390,
  oneTimePayment: false,
  description: "For builders.",
  isMostPopular: true,
  buttonText: "Choose Builder",
  link: "/joinPlan?plan=builder",
};

describe("planCardSchema", () => {
  it("accepts a complete card", () => {
    expect(planCardSchema.parse(valid)).toEqual(valid);
  });

  it("keeps the spec's field names, including the discuountedPrice spelling", () => {
    expect(Object.keys(planCardSchema.parse(valid))).toEqual([
      "id",
      "name",
      "price",
      "discuountedPrice",
      "priceYearly",
      "oneTimePayment",
      "description",
      "isMostPopular",
      "buttonText",
      "link",
    ]);
  });

  it("accepts a discounted price below the price", () => {
    expect(planCardSchema.safeParse({ ...valid, discuountedPrice: 29 }).success).toBe(true);
  });

  it("accepts a one-time payment without a yearly price", () => {
    expect(planCardSchema.safeParse({ ...valid, oneTimePayment: true, priceYearly: null }).success).toBe(
      true,
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an unknown plan id", { id: "platinum" }, "id"],
    ["an empty name", { name: "  " }, "name"],
    ["a negative price", { price: -1 }, "price"],
    ["an infinite price", { price: Number.POSITIVE_INFINITY }, "price"],
    ["a price as text", { price: "39" }, "price"],
    ["a discounted price equal to the price", { discuountedPrice: 39 }, "discuountedPrice"],
    ["a discounted price above the price", { discuountedPrice: 49 }, "discuountedPrice"],
    ["a negative yearly price", { priceYearly: -390 }, "priceYearly"],
    ["a one-time payment with a yearly price", { oneTimePayment: true }, "priceYearly"],
    ["an empty description", { description: "" }, "description"],
    ["a missing isMostPopular", { isMostPopular: undefined }, "isMostPopular"],
    ["empty button text", { buttonText: "" }, "buttonText"],
    ["an empty link", { link: "" }, "link"],
  ])("rejects %s", (_label, patch, path) => {
    const result = planCardSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("rejects the correctly spelled discountedPrice in place of the spec's field", () => {
    const { discuountedPrice: _omitted, ...rest } = valid;
    expect(planCardSchema.safeParse({ ...rest, discountedPrice: null }).success).toBe(false);
  });
});
