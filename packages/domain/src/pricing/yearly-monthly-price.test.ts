import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLAN_CARDS } from "../plans/plan-cards.ts";
import { formatDollars } from "./format-dollars.ts";
import { yearlyMonthlyPrice } from "./yearly-monthly-price.ts";

describe("yearlyMonthlyPrice", () => {
  it.each([
    [0, 0],
    [120, 10],
    [390, 32.5],
    [1_200, 100],
    [100, 100 / 12],
  ])("%d a year is %d a month", (yearly, monthly) => {
    expect(yearlyMonthlyPrice(yearly)).toBe(monthly);
  });

  it("does not round, so twelve months add back up to the yearly price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (yearly) => {
        expect(yearlyMonthlyPrice(yearly) * 12).toBeCloseTo(yearly, 6);
      }),
    );
  });

  it("shows the catalogue's yearly prices per month in dollars and cents", () => {
    const shown = Object.fromEntries(
      PLAN_CARDS.map((card) => [card.id, formatDollars(yearlyMonthlyPrice(card.priceYearly ?? 0))]),
    );
    expect(shown).toEqual({
      lite: "$0.00",
      explorer: "$15.83",
      builder: "$32.50",
      monetizer: "$65.83",
      business: "$124.17",
      master: "$249.17",
      moon: "$415.83",
      spaceship: "$832.50",
      galaxy: "$1,665.83",
    });
  });
});
