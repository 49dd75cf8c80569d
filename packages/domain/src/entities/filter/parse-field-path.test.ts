import { describe, expect, it } from "vitest";
import { parseFieldPath } from "./parse-field-path.ts";
import { quoteName } from "./quote-name.ts";

describe("parseFieldPath", () => {
  it("maps the built-in fields to columns and other names to data paths", () => {
    expect(parseFieldPath("creatorId")).toEqual({ kind: "column", name: "creatorId" });
    expect(parseFieldPath("a_1.b2")).toEqual({ kind: "data", name: "a_1.b2", path: ["a_1", "b2"] });
  });

  it.each([
    "",
    "a..b",
    "a.",
    "$a",
    "_a",
    "1a",
    "a-b",
    "__proto__",
    "id.x",
    "a.b.c.d.e.f.g.h.i",
    "a".repeat(65),
  ])("refuses %j", (name) => {
    expect(parseFieldPath(name)).toBeNull();
  });
});

describe("quoteName", () => {
  it("quotes, escapes and shortens", () => {
    expect(quoteName('a"b')).toBe('"a\\"b"');
    expect(quoteName("x".repeat(61))).toBe(`"${"x".repeat(60)}…"`);
  });
});
