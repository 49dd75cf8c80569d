import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCompactNumber } from "./format-compact-number.ts";

describe("formatCompactNumber", () => {
  it.each([
    // below 1000: as is
    [0, "0"],
    [1, "1"],
    [42, "42"],
    [999, "999"],
    [12.5, "12.5"],
    [999.9, "999.9"],
    // thousands, one decimal, trailing .0 dropped
    [1_000, "1K"],
    [1_500, "1.5K"],
    [1_550, "1.6K"],
    [1_150, "1.2K"],
    [1_049, "1K"],
    [1_050, "1.1K"],
    [2_000, "2K"],
    [12_345, "12.3K"],
    [99_999, "100K"],
    [100_000, "100K"],
    [999_949, "999.9K"],
    // rounding into the next unit moves up to M
    [999_950, "1M"],
    [999_999, "1M"],
    // millions
    [1_000_000, "1M"],
    [1_500_000, "1.5M"],
    [2_000_000, "2M"],
    [12_340_000, "12.3M"],
    [2_500_000_000, "2500M"],
    // negatives keep their sign
    [-5, "-5"],
    [-1_500, "-1.5K"],
    [-2_000_000, "-2M"],
  ])("%d -> %s", (n, expected) => {
    expect(formatCompactNumber(n)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("shows %d as is", (n) => {
    expect(formatCompactNumber(n)).toBe(String(n));
  });

  it("never shows a trailing .0", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => !formatCompactNumber(n).includes(".0")),
    );
  });

  it("has the shape digits, at most one decimal, then K or M from 1000 up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 1e12 }), (n) => {
        expect(formatCompactNumber(n)).toMatch(/^\d+(\.\d)?[KM]$/);
      }),
    );
  });

  it("never shows 1000K or more in K", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 1e9 }), (n) => {
        const text = formatCompactNumber(n);
        if (text.endsWith("K")) expect(Number.parseFloat(text)).toBeLessThan(1_000);
      }),
    );
  });

  it("stays within half a displayed step of the real value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 1e12 }), (n) => {
        const text = formatCompactNumber(n);
        const unit = text.endsWith("M") ? 1_000_000 : 1_000;
        const shown = Number.parseFloat(text) * unit;
        expect(Math.abs(shown - n)).toBeLessThanOrEqual(unit / 20 + 1e-6);
      }),
    );
  });

  it("is symmetric around zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (n) => {
        expect(formatCompactNumber(-n)).toBe(`-${formatCompactNumber(n)}`);
      }),
    );
  });

  it("never decreases as the number grows", () => {
    const value = (text: string) =>
      Number.parseFloat(text) * (text.endsWith("M") ? 1_000_000 : text.endsWith("K") ? 1_000 : 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1e10 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(value(formatCompactNumber(low))).toBeLessThanOrEqual(value(formatCompactNumber(high)));
      }),
    );
  });
});
