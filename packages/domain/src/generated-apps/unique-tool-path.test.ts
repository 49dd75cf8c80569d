import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniqueToolPath, uniqueToolPaths } from "./unique-tool-path.ts";

describe("uniqueToolPath", () => {
  it("keeps a free path", () => {
    expect(uniqueToolPath("report", ["summary"])).toBe("report");
  });

  it("adds -2, then -3 and so on (spec section 5)", () => {
    expect(uniqueToolPath("report", ["report"])).toBe("report-2");
    expect(uniqueToolPath("report", ["report", "report-2"])).toBe("report-3");
  });

  it("compares ignoring case", () => {
    expect(uniqueToolPath("Report", ["report"])).toBe("Report-2");
  });

  it("keeps the suffix within the length cap", () => {
    expect(uniqueToolPath("abcdef", ["abcdef"], 6)).toBe("abcd-2");
  });
});

describe("uniqueToolPaths", () => {
  it("keeps the first and numbers the copies", () => {
    expect(uniqueToolPaths(["a", "b", "a", "A"])).toEqual(["a", "b", "a-2", "A-3"]);
  });

  it("never returns two equal paths", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "a-2", "b", "B"), { maxLength: 12 }), (paths) => {
        const result = uniqueToolPaths(paths).map((path) => path.toLowerCase());
        expect(new Set(result).size).toBe(result.length);
      }),
    );
  });
});
