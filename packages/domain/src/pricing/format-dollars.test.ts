import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDollars } from "./format-dollars.ts";

describe("formatDollars", () => {
  it.each([
    [0, "$0.00"],
    [12, "$12.00"],
    [12.5, "$12.50"],
    [19.99, "$19.99"],
    [0.1 + 0.2, "$0.30"],
    [1.005, "$1.01"],
    [2.675, "$2.68"],
    [1.004, "$1.00"],
    [0.004, "$0.00"],
    [0.005, "$0.01"],
    [390 / 12, "$32.50"],
    [190 / 12, "$15.83"],
    [999, "$999.00"],
    [1_000, "$1,000.00"],
    [1_490, "$1,490.00"],
    [19_990, "$19,990.00"],
    [1_234_567.891, "$1,234,567.89"],
    [1e-7, "$0.00"],
    [-5, "-$5.00"],
    [-1_490.5, "-$1,490.50"],
    [-0.001, "$0.00"],
    [-0, "$0.00"],
  ])("%d -> %s", (n, expected) => {
    expect(formatDollars(n)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("refuses %d", (n) => {
    expect(() => formatDollars(n)).toThrow(RangeError);
  });

  it("always shows a dollar sign, grouped thousands and two decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        expect(formatDollars(n)).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it("is exact for whole cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        const text = formatDollars(cents / 100);
        expect(text.replace(/[$,.]/g, "").replace(/^0+(?=\d)/, "")).toBe(String(cents));
      }),
    );
  });

  it("is within half a cent of the amount", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        const shown = Number(formatDollars(n).replace(/[$,]/g, ""));
        expect(Math.abs(shown - n)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});
