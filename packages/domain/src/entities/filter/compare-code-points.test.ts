import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCodePoints } from "./compare-code-points.ts";

// UTF-8 byte order is code point order: the order PostgreSQL's "C" collation gives.
const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

describe("compareCodePoints", () => {
  it("orders by code point, not by UTF-16 unit", () => {
    expect(compareCodePoints("\uffff", "😀")).toBe(-1);
    expect("\uffff" < "😀").toBe(false);
    expect(compareCodePoints("Z", "a")).toBe(-1);
    expect(compareCodePoints("a", "ab")).toBe(-1);
    expect(compareCodePoints("b", "ab")).toBe(1);
    expect(compareCodePoints("é", "é")).toBe(0);
  });

  it("agrees with UTF-8 byte order on well-formed strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        expect(compareCodePoints(a, b)).toBe(Math.sign(utf8Order(a, b)));
      }),
      { numRuns: 2_000 },
    );
  });
});
