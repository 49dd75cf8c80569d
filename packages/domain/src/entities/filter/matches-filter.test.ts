import { describe, expect, it } from "vitest";
import type { FilterRow } from "./filter-node.ts";
import { matchesFilter } from "./matches-filter.ts";
import { parseFilter } from "./parse-filter.ts";

const row = (data: Record<string, unknown>, extra: Partial<FilterRow> = {}): FilterRow => ({
  id: "r1",
  createdAt: new Date("2024-05-01T12:00:00.000Z"),
  updatedAt: "2024-05-02T08:30:00.000Z",
  creatorId: "u1",
  data,
  ...extra,
});

const test = (filter: Record<string, unknown>, data: Record<string, unknown>, extra?: Partial<FilterRow>) =>
  matchesFilter(row(data, extra), parseFilter(filter));

describe("matchesFilter", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, boolean]>([
    // equality and types
    ["equal string", { a: "x" }, { a: "x" }, true],
    ["strings are case-sensitive", { a: "x" }, { a: "X" }, false],
    ["a number never equals a string", { a: 1 }, { a: "1" }, false],
    ["1 equals 1.0", { a: 1 }, { a: 1.0 }, true],
    ["true is not 1", { a: true }, { a: 1 }, false],
    ["null matches null", { a: null }, { a: null }, true],
    ["null matches missing", { a: null }, {}, true],
    ["null does not match a value", { a: null }, { a: 0 }, false],
    ["a value does not match missing", { a: 0 }, {}, false],
    // arrays
    ["a scalar matches an array element", { tags: "red" }, { tags: ["blue", "red"] }, true],
    ["a scalar does not match inside nested arrays", { tags: "red" }, { tags: [["red"]] }, false],
    ["a plain array means in", { a: [1, 2] }, { a: 2 }, true],
    ["an empty plain array matches nothing", { a: [] }, { a: [] }, false],
    ["$eq with an array is exact", { a: { $eq: [1, 2] } }, { a: [1, 2] }, true],
    ["$eq with an array respects order", { a: { $eq: [1, 2] } }, { a: [2, 1] }, false],
    ["$eq with an array is not containment", { a: { $eq: [1] } }, { a: [1, 2] }, false],
    ["$eq with an object ignores key order", { a: { $eq: { x: 1, y: 2 } } }, { a: { y: 2, x: 1 } }, true],
    ["$eq with an object is exact", { a: { x: 1 } }, { a: { x: 1, y: 2 } }, false],
    // nested paths
    ["dot path", { "a.b": 1 }, { a: { b: 1 } }, true],
    ["dot path through an array is missing", { "a.b": 1 }, { a: [{ b: 1 }] }, false],
    ["dot path through a scalar is missing", { "a.b": null }, { a: 5 }, true],
    ["dot path ignores inherited keys", { "a.constructor": { $exists: true } }, { a: {} }, false],
    // $ne / $in / $nin
    ["$ne matches missing", { a: { $ne: 1 } }, {}, true],
    ["$ne on an array means no element", { tags: { $ne: "red" } }, { tags: ["red"] }, false],
    ["$ne null means present and not null", { a: { $ne: null } }, { a: 0 }, true],
    ["$in with null matches missing", { a: { $in: [null, 5] } }, {}, true],
    ["$in on an array means any element", { tags: { $in: ["x", "red"] } }, { tags: ["red"] }, true],
    ["$in with an array value is exact", { a: { $in: [[1]] } }, { a: [1] }, true],
    ["$nin", { a: { $nin: [1, 2] } }, { a: 3 }, true],
    ["$nin excludes", { a: { $nin: [1, 2] } }, { a: 2 }, false],
    // ordering
    ["numbers compare numerically", { a: { $gt: 9 } }, { a: 10 }, true],
    ["strings compare as text", { a: { $gt: "9" } }, { a: "10" }, false],
    ["code point order: emoji after U+FFFF", { a: { $gt: "\uffff" } }, { a: "😀" }, true],
    ["no locale: Z before a", { a: { $lt: "a" } }, { a: "Z" }, true],
    ["ordering across types never matches", { a: { $lt: 5 } }, { a: "1" }, false],
    ["booleans: false < true", { a: { $gt: false } }, { a: true }, true],
    ["ordering reaches array elements", { a: { $gte: 10 } }, { a: [1, 10] }, true],
    ["ordering does not match missing", { a: { $lt: 5 } }, {}, false],
    ["ISO date-times compare as text", { d: { $gte: "2024-05" } }, { d: "2024-05-01T00:00:00Z" }, true],
    // other operators
    ["$exists counts null", { a: { $exists: true } }, { a: null }, true],
    ["$exists false", { a: { $exists: false } }, {}, true],
    ["$size", { a: { $size: 2 } }, { a: [1, [2]] }, true],
    ["$size on a scalar", { a: { $size: 1 } }, { a: "x" }, false],
    ["$all", { a: { $all: ["x", 1] } }, { a: [1, "y", "x"] }, true],
    ["$all needs every value", { a: { $all: ["x", 1] } }, { a: ["x"] }, false],
    ["$all needs an array", { a: { $all: ["x"] } }, { a: "x" }, false],
    ["$all [] matches any array", { a: { $all: [] } }, { a: [] }, true],
    ["$regex", { a: { $regex: "^ab" } }, { a: "abc" }, true],
    ["$regex on array elements", { a: { $regex: "^b" } }, { a: ["a", "bc"] }, true],
    ["$regex ignores numbers", { a: { $regex: "1" } }, { a: 1 }, false],
    ["$regex with i", { a: { $regex: "ÉTÉ", $options: "i" } }, { a: "un été" }, true],
    ["$not", { a: { $not: { $gt: 5 } } }, { a: 3 }, true],
    ["$not matches missing", { a: { $not: { $gt: 5 } } }, {}, true],
    // logic
    ["$or", { $or: [{ a: 1 }, { b: 1 }] }, { b: 1 }, true],
    ["$nor", { $nor: [{ a: 1 }, { b: 1 }] }, { b: 1 }, false],
    ["$and", { $and: [{ a: 1 }, { b: 1 }] }, { a: 1, b: 1 }, true],
    ["fields together", { a: 1, b: 2 }, { a: 1, b: 3 }, false],
    ["empty filter", {}, {}, true],
  ])("%s", (_label, filter, data, expected) => {
    expect(test(filter, data)).toBe(expected);
  });

  describe("built-in fields", () => {
    it("reads id and creatorId as strings, creatorId null as null", () => {
      expect(test({ id: "r1" }, {})).toBe(true);
      expect(test({ creatorId: { $in: ["u1", "u2"] } }, {})).toBe(true);
      expect(test({ creatorId: null }, {}, { creatorId: null })).toBe(true);
      expect(test({ creatorId: { $exists: true } }, {}, { creatorId: null })).toBe(true);
      expect(test({ id: { $size: 0 } }, {})).toBe(false);
    });

    it("shadows data keys of the same name", () => {
      expect(test({ id: "r1" }, { id: "other" })).toBe(true);
    });

    it("reads timestamps, Date or string, as canonical ISO strings", () => {
      expect(test({ createdAt: "2024-05-01T12:00:00.000Z" }, {})).toBe(true);
      expect(test({ createdAt: "2024-05-01T12:00:00Z" }, {})).toBe(false);
      expect(test({ createdAt: { $gte: "2024-05-01", $lt: "2024-05-02" } }, {})).toBe(true);
      expect(test({ updatedAt: { $regex: "T08:30" } }, {})).toBe(true);
      expect(test({ updatedAt: { $gt: 0 } }, {})).toBe(false);
    });
  });
});
