import { describe, expect, it } from "vitest";
import { parseBoolean } from "./parse-boolean.ts";

describe("parseBoolean", () => {
  it.each<[unknown, boolean]>([
    // spec section 5's minimum
    [true, true],
    ["true", true],
    [1, true],
    ["1", true],
    [false, false],
    ["false", false],
    [0, false],
    ["0", false],
    // the words of issue 13, in any case and with blanks around them
    ["yes", true],
    ["no", false],
    ["y", true],
    ["n", false],
    ["on", true],
    ["off", false],
    ["TRUE", true],
    ["False", false],
    ["YES", true],
    ["No", false],
    ["Y", true],
    ["N", false],
    ["On", true],
    ["OFF", false],
    [" true", true],
    ["\tyes \n", true],
    ["  0  ", false],
  ])("%j -> %j", (value, expected) => {
    expect(parseBoolean(value)).toBe(expected);
  });

  it.each<unknown>([
    null,
    undefined,
    "",
    "   ",
    "maybe",
    "yes please",
    "ye",
    "t",
    "f",
    "01",
    "1.0",
    "tru e",
    2,
    -1,
    0.5,
    Number.NaN,
    [],
    [true],
    {},
  ])("%j is no boolean", (value) => {
    expect(parseBoolean(value)).toBeNull();
  });
});
