import { describe, expect, it } from "vitest";
import { parseBooleanCell } from "./parse-boolean-cell.ts";

describe("parseBooleanCell", () => {
  it.each<[unknown, boolean | null]>([
    [true, true],
    ["true", true],
    [1, true],
    ["1", true],
    [false, false],
    ["false", false],
    [0, false],
    ["0", false],
    [null, null],
    [undefined, null],
    ["", null],
    ["TRUE", null],
    ["True", null],
    ["yes", null],
    [" true", null],
    [2, null],
    [-1, null],
    [Number.NaN, null],
    ["01", null],
    [[], null],
    [{}, null],
  ])("%j -> %j", (value, expected) => {
    expect(parseBooleanCell(value)).toBe(expected);
  });
});
