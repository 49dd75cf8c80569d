import { describe, expect, it } from "vitest";
import { FILTER_LIMITS } from "./filter-limits.ts";
import { cheapFilterPart, filterRowCost } from "./filter-row-cost.ts";
import { markScalarFields } from "./mark-scalar-fields.ts";
import { parseFilter } from "./parse-filter.ts";

const scalar = new Set(["status", "title"]);
const cost = (filter: unknown) => filterRowCost(markScalarFields(parseFilter(filter), scalar));

describe("filterRowCost", () => {
  it("keeps equality and declared-field comparisons cheap", () => {
    expect(cost({ status: "open" })).toBe(1);
    expect(cost({ status: "open", title: { $gte: "a" } })).toBe(2);
  });

  it("weighs what looks inside arrays, regexes and long $or chains", () => {
    expect(cost({ tags: { $gt: 3 } })).toBe(4);
    expect(cost({ title: { $regex: "abc" } })).toBe(5 + 2);
    // An undeclared field may hold an array: every element is matched.
    expect(cost({ notes: { $regex: "abc" } })).toBe((5 + 2) * 2);
    expect(cost({ title: { $regex: ".{0,20}a.{0,20}b" } })).toBeGreaterThan(40);
    const chain = { $or: Array.from({ length: 99 }, (_, i) => ({ tags: { $gt: i } })) };
    expect(cost(chain)).toBe(99 * 4);
  });

  it("refuses more regexes than the limit in one filter", () => {
    const regexes = (n: number) => ({
      $or: Array.from({ length: n }, (_, i) => ({ title: { $regex: `a${i}` } })),
    });
    expect(() => parseFilter(regexes(FILTER_LIMITS.maxRegexClauses))).not.toThrow();
    expect(() => parseFilter(regexes(FILTER_LIMITS.maxRegexClauses + 1))).toThrow(/more than 4 \$regex/);
  });
});

describe("cheapFilterPart", () => {
  it("keeps the cheap conditions of a top-level $and and drops regexes", () => {
    const filter = markScalarFields(parseFilter({ status: "open", title: { $regex: "x" } }), scalar);
    expect(cheapFilterPart(filter, 3)).toEqual(markScalarFields(parseFilter({ status: "open" }), scalar));
  });

  it("is null when nothing narrows", () => {
    expect(cheapFilterPart(parseFilter({ title: { $regex: "x" } }), 3)).toBeNull();
    expect(cheapFilterPart(parseFilter({ $or: [{ a: 1 }, { b: { $regex: "x" } }] }), 3)).toBeNull();
  });
});
