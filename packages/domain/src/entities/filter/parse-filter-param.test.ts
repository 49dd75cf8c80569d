import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors/app-error.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import { parseFilterParam } from "./parse-filter-param.ts";

function refusal(q: string): string {
  try {
    parseFilterParam(q);
  } catch (error) {
    expect(isAppError(error) && error.code === "BAD_REQUEST").toBe(true);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${q}`);
}

describe("parseFilterParam", () => {
  it("reads a JSON object", () => {
    expect(parseFilterParam('{"status":"open"}')).toEqual({
      type: "eq",
      field: { kind: "data", name: "status", path: ["status"] },
      value: "open",
    });
    expect(parseFilterParam(" {} ")).toEqual({ type: "and", nodes: [] });
  });

  it.each(["", "{", "x", "[]", "[1]", "null", "1", '"a"', "true", "1e999", '{"a":1}}'])(
    "refuses %j as not a JSON object",
    (q) => {
      expect(refusal(q)).toBe("Invalid filter: q must be a JSON object");
    },
  );

  it("passes the filter's own refusals through", () => {
    expect(refusal('{"$where":"sleep(10)"}')).toBe('Invalid filter: unknown operator "$where"');
    expect(refusal('{"a":1e999}')).toBe("Invalid filter: numbers must be finite");
    expect(refusal('{"a":"\\u0000"}')).toBe(
      "Invalid filter: strings must be valid Unicode without NUL characters",
    );
  });

  it("accepts 20,000 characters and refuses longer before parsing", () => {
    const padded = (length: number) => `{"a":"${"x".repeat(length - 8)}"}`;
    expect(() => parseFilterParam(`{"a":${" ".repeat(FILTER_LIMITS.maxParamLength - 7)}1}`)).not.toThrow();
    expect(refusal(padded(FILTER_LIMITS.maxParamLength + 1))).toBe(
      "Invalid filter: q is longer than 20000 characters",
    );
    expect(refusal("[".repeat(20_001))).toBe("Invalid filter: q is longer than 20000 characters");
  });

  it("refuses deeply nested JSON with a 400, not a stack overflow", () => {
    expect(refusal(`${'{"$and":['.repeat(1_000)}{}${"]}".repeat(1_000)}`)).toBe(
      "Invalid filter: nested deeper than 8 levels",
    );
  });

  it("throws nothing but a 400 AppError for any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: "binary" })), (q) => {
        try {
          parseFilterParam(q);
        } catch (error) {
          expect(isAppError(error) && error.code === "BAD_REQUEST").toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
