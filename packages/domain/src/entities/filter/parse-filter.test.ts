import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "../../errors/app-error.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import type { FieldRef, FilterNode } from "./filter-node.ts";
import { parseFilter } from "./parse-filter.ts";

const data = (name: string): FieldRef => ({ kind: "data", name, path: name.split(".") });
const column = (name: "id" | "createdAt" | "updatedAt" | "creatorId"): FieldRef => ({ kind: "column", name });

/** The message of the AppError the input is refused with (fails if it is anything else). */
function refusal(input: unknown): string {
  try {
    parseFilter(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`);
}

/** A filter object nested `levels` deep through $and. */
function nestedAnd(levels: number): Record<string, unknown> {
  let filter: Record<string, unknown> = { a: 1 };
  for (let level = 1; level < levels; level++) filter = { $and: [filter] };
  return filter;
}

describe("parseFilter: fields and plain values", () => {
  it("reads an empty filter as match-all", () => {
    expect(parseFilter({})).toEqual({ type: "and", nodes: [] });
  });

  it("reads plain equality, null, nested objects and arrays as 'in'", () => {
    expect(parseFilter({ status: "open" })).toEqual({ type: "eq", field: data("status"), value: "open" });
    expect(parseFilter({ owner: null })).toEqual({ type: "eq", field: data("owner"), value: null });
    expect(parseFilter({ meta: { a: [1, true] } })).toEqual({
      type: "eq",
      field: data("meta"),
      value: { a: [1, true] },
    });
    expect(parseFilter({ meta: {} })).toEqual({ type: "eq", field: data("meta"), value: {} });
    expect(parseFilter({ tag: ["a", "b"] })).toEqual({ type: "in", field: data("tag"), values: ["a", "b"] });
  });

  it("reads dot paths and the built-in fields", () => {
    expect(parseFilter({ "address.city": "Oslo" })).toEqual({
      type: "eq",
      field: { kind: "data", name: "address.city", path: ["address", "city"] },
      value: "Oslo",
    });
    for (const name of ["id", "createdAt", "updatedAt", "creatorId"] as const) {
      expect(parseFilter({ [name]: "x" })).toEqual({ type: "eq", field: column(name), value: "x" });
    }
  });

  it("joins several fields with and", () => {
    expect(parseFilter({ a: 1, b: 2 })).toEqual({
      type: "and",
      nodes: [
        { type: "eq", field: data("a"), value: 1 },
        { type: "eq", field: data("b"), value: 2 },
      ],
    });
  });

  it("normalises -0 to 0, as JSON and PostgreSQL do", () => {
    expect(parseFilter({ a: -0 })).toEqual({ type: "eq", field: data("a"), value: 0 });
    expect(Object.is((parseFilter({ a: -0 }) as { value: number }).value, 0)).toBe(true);
  });

  it("keeps __proto__ inside a value as a plain key", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}');
    const node = parseFilter({ meta: value }) as Extract<FilterNode, { type: "eq" }>;
    expect(Object.keys(node.value as object)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(node.value)).toBe(Object.prototype);
  });
});

describe("parseFilter: operators", () => {
  const field = data("n");
  it.each<[string, unknown, FilterNode]>([
    ["$eq", { $eq: 5 }, { type: "eq", field, value: 5 }],
    ["$eq null", { $eq: null }, { type: "eq", field, value: null }],
    ["$eq array", { $eq: [1, 2] }, { type: "eq", field, value: [1, 2] }],
    ["$ne", { $ne: "x" }, { type: "not", node: { type: "eq", field, value: "x" } }],
    ["$gt", { $gt: 1 }, { type: "range", field, operator: "gt", value: 1 }],
    ["$gte", { $gte: "a" }, { type: "range", field, operator: "gte", value: "a" }],
    ["$lt", { $lt: true }, { type: "range", field, operator: "lt", value: true }],
    ["$lte", { $lte: 2.5 }, { type: "range", field, operator: "lte", value: 2.5 }],
    ["$in", { $in: [1, "a", null, [2]] }, { type: "in", field, values: [1, "a", null, [2]] }],
    ["$nin", { $nin: [1] }, { type: "not", node: { type: "in", field, values: [1] } }],
    ["$exists", { $exists: false }, { type: "exists", field, value: false }],
    ["$all", { $all: ["a", 1, null] }, { type: "all", field, values: ["a", 1, null] }],
    ["$size", { $size: 3 }, { type: "size", field, value: 3 }],
    ["$not", { $not: { $gt: 5 } }, { type: "not", node: { type: "range", field, operator: "gt", value: 5 } }],
    [
      "two operators",
      { $gte: 1, $lt: 5 },
      {
        type: "and",
        nodes: [
          { type: "range", field, operator: "gte", value: 1 },
          { type: "range", field, operator: "lt", value: 5 },
        ],
      },
    ],
  ])("%s", (_label, condition, expected) => {
    expect(parseFilter({ n: condition })).toEqual(expected);
  });

  it("$regex with and without $options", () => {
    const plain = parseFilter({ n: { $regex: "^a" } }) as Extract<FilterNode, { type: "regex" }>;
    expect(plain.type).toBe("regex");
    expect(plain.regex.source).toBe("^a");
    expect(plain.regex.caseInsensitive).toBe(false);
    const folded = parseFilter({ n: { $options: "i", $regex: "a" } }) as Extract<
      FilterNode,
      { type: "regex" }
    >;
    expect(folded.regex.caseInsensitive).toBe(true);
    expect(parseFilter({ n: { $regex: "a", $options: "" } }).type).toBe("regex");
  });

  it("$and, $or and $nor at any level", () => {
    expect(parseFilter({ $or: [{ a: 1 }, { $nor: [{ b: 2 }] }], c: 3 })).toEqual({
      type: "and",
      nodes: [
        {
          type: "or",
          nodes: [
            { type: "eq", field: data("a"), value: 1 },
            { type: "nor", nodes: [{ type: "eq", field: data("b"), value: 2 }] },
          ],
        },
        { type: "eq", field: data("c"), value: 3 },
      ],
    });
    expect(parseFilter({ $and: [{ a: 1 }] })).toEqual({
      type: "and",
      nodes: [{ type: "eq", field: data("a"), value: 1 }],
    });
  });
});

describe("parseFilter: refusals", () => {
  it.each<[string, unknown, string]>([
    ["a non-object filter", [], "Invalid filter: the filter must be a JSON object"],
    ["a string filter", "a", "Invalid filter: the filter must be a JSON object"],
    ["null", null, "Invalid filter: the filter must be a JSON object"],
    ["an unknown top-level operator", { $where: "1" }, 'Invalid filter: unknown operator "$where"'],
    ["top-level $not", { $not: { a: 1 } }, 'Invalid filter: unknown operator "$not"'],
    ["an unknown field operator", { a: { $foo: 1 } }, 'Invalid filter: unknown operator "$foo" in "a"'],
    ["$or inside a field", { a: { $or: [] } }, 'Invalid filter: unknown operator "$or" in "a"'],
    [
      "operators mixed with fields",
      { a: { $gt: 1, b: 2 } },
      'Invalid filter: the value of "a" mixes operators and fields',
    ],
    ["an empty $and", { $and: [] }, "Invalid filter: $and must be a non-empty array of filter objects"],
    ["a non-array $or", { $or: { a: 1 } }, "Invalid filter: $or must be a non-empty array of filter objects"],
    [
      "a non-object $nor entry",
      { $nor: [1] },
      "Invalid filter: $nor must be a non-empty array of filter objects",
    ],
    ["$gt with null", { a: { $gt: null } }, 'Invalid filter: $gt in "a" needs a string, number or boolean'],
    [
      "$lte with an array",
      { a: { $lte: [1] } },
      'Invalid filter: $lte in "a" needs a string, number or boolean',
    ],
    ["$in without an array", { a: { $in: 1 } }, 'Invalid filter: $in in "a" needs an array'],
    ["$nin without an array", { a: { $nin: "x" } }, 'Invalid filter: $nin in "a" needs an array'],
    [
      "$all with an object",
      { a: { $all: [{ b: 1 }] } },
      'Invalid filter: $all in "a" accepts strings, numbers, booleans and null only',
    ],
    ["$exists with 1", { a: { $exists: 1 } }, 'Invalid filter: $exists in "a" needs true or false'],
    [
      "$size negative",
      { a: { $size: -1 } },
      'Invalid filter: $size in "a" needs a whole number of 0 or more',
    ],
    [
      "$size fractional",
      { a: { $size: 1.5 } },
      'Invalid filter: $size in "a" needs a whole number of 0 or more',
    ],
    [
      "$size huge",
      { a: { $size: 2 ** 60 } },
      'Invalid filter: $size in "a" needs a whole number of 0 or more',
    ],
    ["$regex not a string", { a: { $regex: 1 } }, 'Invalid filter: $regex in "a" needs a string'],
    ["$options alone", { a: { $options: "i" } }, 'Invalid filter: $options without $regex in "a"'],
    [
      "$options other than i",
      { a: { $regex: "x", $options: "m" } },
      'Invalid filter: $options in "a" supports only "i" (case-insensitive)',
    ],
    [
      "$not with a value",
      { a: { $not: 5 } },
      'Invalid filter: $not in "a" must be an object of operators, such as {$gt: 5}',
    ],
    [
      "$not empty",
      { a: { $not: {} } },
      'Invalid filter: $not in "a" must be an object of operators, such as {$gt: 5}',
    ],
    [
      "$not with a field",
      { a: { $not: { b: 1 } } },
      'Invalid filter: the value of "a" mixes operators and fields',
    ],
    ["NaN", { a: Number.NaN }, "Invalid filter: numbers must be finite"],
    ["Infinity", { a: { $gt: Infinity } }, "Invalid filter: numbers must be finite"],
    [
      "a Date value",
      { a: new Date() },
      "Invalid filter: values must be strings, numbers, booleans, null, arrays or objects",
    ],
    [
      "undefined",
      { a: undefined },
      "Invalid filter: values must be strings, numbers, booleans, null, arrays or objects",
    ],
    [
      "a NUL character",
      { a: "x\u0000" },
      "Invalid filter: strings must be valid Unicode without NUL characters",
    ],
    [
      "a lone surrogate",
      { a: ["\ud800"] },
      "Invalid filter: strings must be valid Unicode without NUL characters",
    ],
    [
      "a lone surrogate in a key",
      { a: { "\udc00": 1 } },
      "Invalid filter: strings must be valid Unicode without NUL characters",
    ],
  ])("%s", (_label, input, message) => {
    expect(refusal(input)).toBe(message);
  });

  it.each([
    "",
    "$",
    "a..b",
    ".a",
    "a.",
    "a b",
    "1a",
    "_a",
    "__proto__",
    "a.__proto__",
    "a-b",
    "é",
    "'; drop table x; --",
    "id.x",
    "createdAt.day",
    "a.b.c.d.e.f.g.h.i",
    "a".repeat(65),
  ])("refuses the field name %j", (name) => {
    expect(refusal({ [name]: 1 })).toMatch(/^Invalid filter: (invalid field name|unknown operator)/);
  });

  it("shortens a long field name in the message", () => {
    const message = refusal({ [`${"x".repeat(100)}-`]: 1 });
    expect(message).toBe(
      `Invalid filter: invalid field name "${"x".repeat(60)}…": use letters, digits and underscores, with dots for nested fields`,
    );
  });
});

describe("parseFilter: limits", () => {
  it("accepts nesting up to the maximum depth and refuses one level more", () => {
    expect(() => parseFilter(nestedAnd(FILTER_LIMITS.maxDepth))).not.toThrow();
    expect(refusal(nestedAnd(FILTER_LIMITS.maxDepth + 1))).toBe(
      "Invalid filter: nested deeper than 8 levels",
    );
  });

  it("counts $not as a level", () => {
    let condition: Record<string, unknown> = { $gt: 1 };
    for (let level = 0; level < FILTER_LIMITS.maxDepth; level++) condition = { $not: condition };
    expect(refusal({ a: condition })).toBe("Invalid filter: nested deeper than 8 levels");
  });

  it("limits how deep a value nests", () => {
    let value: unknown = 1;
    for (let level = 0; level < FILTER_LIMITS.maxDepth; level++) value = [value];
    expect(refusal({ a: { $eq: value } })).toBe("Invalid filter: nested deeper than 8 levels");
  });

  it("accepts 100 conditions and refuses 101", () => {
    const fields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, i]));
    expect(() => parseFilter(fields(FILTER_LIMITS.maxClauses))).not.toThrow();
    expect(refusal(fields(FILTER_LIMITS.maxClauses + 1))).toBe("Invalid filter: more than 100 conditions");
  });

  it("counts logical operators and conditions together, at any depth", () => {
    const entries = Array.from({ length: 60 }, (_, i) => ({ [`f${i}`]: { $gt: 1, $lt: 2 } }));
    expect(refusal({ $or: entries })).toBe("Invalid filter: more than 100 conditions");
    expect(refusal({ $or: Array.from({ length: 10_000 }, () => ({})) })).toBe(
      "Invalid filter: more than 100 conditions",
    );
  });

  it("accepts 500 values in a list and refuses 501", () => {
    const list = (count: number) => Array.from({ length: count }, (_, i) => i);
    for (const operator of ["$in", "$nin", "$all"]) {
      expect(() => parseFilter({ a: { [operator]: list(500) } })).not.toThrow();
      expect(refusal({ a: { [operator]: list(501) } })).toBe(
        `Invalid filter: ${operator} accepts at most 500 values`,
      );
    }
    expect(refusal({ a: list(501) })).toBe("Invalid filter: a list of values accepts at most 500 values");
    expect(refusal({ a: { $eq: list(501) } })).toBe(
      "Invalid filter: an array value accepts at most 500 values",
    );
  });

  it("accepts strings of 10,000 characters and refuses longer ones", () => {
    expect(() => parseFilter({ a: "x".repeat(10_000) })).not.toThrow();
    expect(refusal({ a: "x".repeat(10_001) })).toBe(
      "Invalid filter: strings are limited to 10000 characters",
    );
    expect(refusal({ a: { $in: ["x".repeat(10_001)] } })).toBe(
      "Invalid filter: strings are limited to 10000 characters",
    );
  });

  it("accepts a regex of 200 characters and refuses longer ones", () => {
    expect(() => parseFilter({ a: { $regex: "x".repeat(200) } })).not.toThrow();
    expect(refusal({ a: { $regex: "x".repeat(201) } })).toBe(
      "Invalid filter: $regex is longer than 200 characters",
    );
  });

  it("refuses regexes that do not compile or nest quantifiers", () => {
    expect(refusal({ a: { $regex: "(a" } })).toBe("Invalid filter: $regex is not a valid pattern: missing )");
    expect(refusal({ a: { $regex: "(a+)+" } })).toBe(
      "Invalid filter: $regex must not nest quantifiers, as in (a+)+",
    );
  });
});

describe("parseFilter: untrusted input", () => {
  it("throws nothing but a 400 AppError, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ withNullPrototype: true, withBigInt: true }), fc.jsonValue()),
        (input) => {
          try {
            parseFilter(input);
          } catch (error) {
            expect(isAppError(error) && error.code === "BAD_REQUEST").toBe(true);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("turns throwing getters and proxies into a 400", () => {
    const getter = Object.defineProperty({}, "a", {
      enumerable: true,
      get() {
        throw new TypeError("boom");
      },
    });
    expect(refusal(getter)).toBe("Invalid filter: the filter could not be read");
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    expect(refusal(proxy)).toBe("Invalid filter: the filter could not be read");
  });

  it("refuses self-referencing input instead of looping", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.$and = [cyclic];
    expect(refusal(cyclic)).toBe("Invalid filter: nested deeper than 8 levels");
    const value: Record<string, unknown> = {};
    value.self = value;
    expect(refusal({ a: value })).toBe("Invalid filter: nested deeper than 8 levels");
  });
});
