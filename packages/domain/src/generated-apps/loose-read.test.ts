import { describe, expect, it } from "vitest";
import {
  enumKey,
  firstOf,
  looseBoolean,
  looseColor,
  looseEnum,
  looseImage,
  looseList,
  looseNumber,
  looseRecord,
  looseText,
  looseUrl,
} from "./loose-read.ts";

describe("loose readers", () => {
  it("read records and lists, anything else as empty", () => {
    expect(looseRecord({ a: 1 })).toEqual({ a: 1 });
    for (const value of [null, undefined, 3, "x", [1]]) expect(looseRecord(value)).toEqual({});
    expect(looseList([1])).toEqual([1]);
    expect(looseList({ 0: 1 })).toEqual([]);
  });

  it("take the first key present", () => {
    expect(firstOf({ header: "H", title: null }, "title", "header")).toBe("H");
    expect(firstOf({}, "a")).toBeUndefined();
  });

  it("read text, cut to the cap", () => {
    expect(looseText("abcdef", 3)).toBe("abc");
    expect(looseText(12, 5)).toBe("12");
    expect(looseText(true, 5)).toBe("true");
    expect(looseText({}, 5, "x")).toBe("x");
    expect(looseText(Number.NaN, 5)).toBe("");
  });

  it("read booleans from their usual spellings", () => {
    expect([true, "true", 1, "1"].map((value) => looseBoolean(value))).toEqual([true, true, true, true]);
    expect([false, "false", 0, "0"].map((value) => looseBoolean(value, true))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(looseBoolean("yes", true)).toBe(true);
  });

  it("clamp numbers and keep them on their step", () => {
    const range = { min: 0, max: 2, step: 0.1, fallback: 0.7 };
    expect(looseNumber(5, range)).toBe(2);
    expect(looseNumber(-1, range)).toBe(0);
    expect(looseNumber("0.75", range)).toBe(0.8);
    expect(looseNumber(0.1 + 0.2, range)).toBe(0.3);
    expect(looseNumber("warm", range)).toBe(0.7);
    expect(looseNumber("", range)).toBe(0.7);
    expect(looseNumber(Number.POSITIVE_INFINITY, range)).toBe(0.7);
    expect(looseNumber(7.6, { min: 1, max: 100, step: 1, fallback: 10 })).toBe(8);
  });

  it("match enums loosely, with aliases and a fallback", () => {
    expect(enumKey("keyFacts")).toBe("key_facts");
    expect(looseEnum("Key-Facts", ["key_facts", "list"], "list")).toBe("key_facts");
    expect(looseEnum("bullets", ["key_facts", "list"], "key_facts", { bullets: "list" })).toBe("list");
    expect(looseEnum("chart", ["list"], null)).toBeNull();
    expect(looseEnum(3, ["list"], "list")).toBe("list");
  });

  it("read links, giving a bare domain https and dropping the rest", () => {
    expect(looseUrl("https://a.io/x", 100)).toBe("https://a.io/x");
    expect(looseUrl("a.io/x", 100)).toBe("https://a.io/x");
    expect(looseUrl("javascript:alert(1)", 100)).toBe("");
    expect(looseUrl("not a link", 100)).toBe("");
  });

  it("read images and colours, dropping what the schema refuses", () => {
    expect(looseImage("/files/a.png", 100)).toBe("/files/a.png");
    expect(looseImage("data:image/png;base64,AA", 100)).toBe("");
    expect(looseColor("#ABC")).toBe("#ABC");
    expect(looseColor("ffcc00")).toBe("#ffcc00");
    expect(looseColor("red")).toBe("");
  });
});
