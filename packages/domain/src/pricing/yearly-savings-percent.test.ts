import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  showYearlySavingsBadge,
  YEARLY_SAVINGS_BADGE_MIN_PERCENT,
  yearlySavingsPercent,
} from "./yearly-savings-percent.ts";

describe("yearlySavingsPercent", () => {
  it.each([
    [10, 120, 0],
    [10, 108, 10],
    [10, 100, 100 / 6],
    [19, 190, 100 / 6],
    [10, 60, 50],
    [10, 0, 100],
    [10, 132, -10],
    [0, 0, 0],
    [0, 100, 0],
    [-5, 50, 0],
    [Number.NaN, 50, 0],
    [10, Number.NaN, 0],
  ])("monthly %d, yearly %d -> %d%", (monthly, yearly, expected) => {
    expect(yearlySavingsPercent(monthly, yearly)).toBeCloseTo(expected, 10);
  });

  it("is exactly 10 when yearly is nine-tenths of twelve months", () => {
    for (const monthly of [10, 19, 39, 79, 149, 0.3, 7.7]) {
      const yearly = (monthly * 12 * 9) / 10;
      expect(yearlySavingsPercent(monthly, yearly)).toBeCloseTo(10, 9);
    }
  });

  it("is 0 when yearly equals twelve monthly payments and grows as yearly drops", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        (monthly, yearly) => {
          const percent = yearlySavingsPercent(monthly, yearly);
          expect(percent).toBeLessThanOrEqual(100);
          expect(Math.sign(Math.round(percent * 1e9))).toBe(Math.sign(monthly * 12 - yearly));
          if (yearly > 0) expect(yearlySavingsPercent(monthly, yearly - 1)).toBeGreaterThan(percent);
        },
      ),
    );
  });
});

describe("showYearlySavingsBadge", () => {
  it("uses the spec's threshold of 10 percent", () => {
    expect(YEARLY_SAVINGS_BADGE_MIN_PERCENT).toBe(10);
  });

  it.each([
    [10, 108, true],
    [10, 108.01, false],
    [10, 107.99, true],
    [10, 120, false],
    [10, 100, true],
    [19, 190, true],
    [39, 390, true],
    [100, 1_080, true],
    [100, 1_081, false],
    [10, 132, false],
    [0, 0, false],
    [0, 100, false],
    [10, 0, false],
    [-10, 50, false],
  ])("monthly %d, yearly %d -> %s", (monthly, yearly, expected) => {
    expect(showYearlySavingsBadge(monthly, yearly)).toBe(expected);
  });

  it("shows exactly at 10 percent off, for many prices, despite float rounding", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cents) => {
        const monthly = cents / 100;
        expect(showYearlySavingsBadge(monthly, (monthly * 12 * 9) / 10)).toBe(true);
      }),
    );
  });

  it("agrees with yearlySavingsPercent away from the threshold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (monthly, yearly) => {
          const percent = yearlySavingsPercent(monthly, yearly);
          if (Math.abs(percent - 10) > 1e-6)
            expect(showYearlySavingsBadge(monthly, yearly)).toBe(percent >= 10);
        },
      ),
    );
  });
});
