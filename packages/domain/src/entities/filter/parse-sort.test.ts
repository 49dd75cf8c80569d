import { describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error.ts";
import type { SortKey } from "./filter-node.ts";
import { DEFAULT_SORT, parseSort } from "./parse-sort.ts";

const KNOWN = ["name", "age", "address"];
const data = (name: string, direction: "asc" | "desc"): SortKey => ({
  field: { kind: "data", name, path: name.split(".") },
  direction,
});

function refusal(sort: string): string {
  try {
    parseSort(sort, KNOWN);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    return (error as AppError).message;
  }
  throw new Error(`accepted: ${sort}`);
}

describe("parseSort", () => {
  it("defaults to createdAt descending", () => {
    expect(DEFAULT_SORT).toEqual([{ field: { kind: "column", name: "createdAt" }, direction: "desc" }]);
    for (const empty of [undefined, null, "", "  "]) expect(parseSort(empty, KNOWN)).toEqual(DEFAULT_SORT);
  });

  it("reads field, -field and field:asc|desc", () => {
    expect(parseSort("name", KNOWN)).toEqual([data("name", "asc")]);
    expect(parseSort("-name", KNOWN)).toEqual([data("name", "desc")]);
    expect(parseSort("name:asc", KNOWN)).toEqual([data("name", "asc")]);
    expect(parseSort("name:DESC", KNOWN)).toEqual([data("name", "desc")]);
    expect(parseSort("createdAt:asc", KNOWN)).toEqual([
      { field: { kind: "column", name: "createdAt" }, direction: "asc" },
    ]);
  });

  it("reads several keys and dot paths into known fields", () => {
    expect(parseSort(" -age , name:asc,address.city,id", KNOWN)).toEqual([
      data("age", "desc"),
      data("name", "asc"),
      data("address.city", "asc"),
      { field: { kind: "column", name: "id" }, direction: "asc" },
    ]);
  });

  it.each<[string, string]>([
    ["x", 'Unknown sort field "x"'],
    ["-x", 'Unknown sort field "x"'],
    ["x.y", 'Unknown sort field "x.y"'],
    ["name,", 'Unknown sort field ""'],
    ["'; drop table x; --", `Unknown sort field "'; drop table x; --"`],
    ["__proto__", 'Unknown sort field "__proto__"'],
    ["id.x", 'Unknown sort field "id.x"'],
    ["name:up", 'Invalid sort direction "up" for "name": use asc or desc'],
    ["name,-name", 'Sort field "name" appears more than once'],
    ["a,b,c,d,e,f", "Sort accepts at most 5 keys"],
  ])("refuses %j", (sort, message) => {
    expect(refusal(sort)).toBe(message);
  });
});
