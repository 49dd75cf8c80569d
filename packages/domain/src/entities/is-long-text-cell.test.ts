import { describe, expect, it } from "vitest";
import { isLongTextCell } from "./is-long-text-cell.ts";

describe("isLongTextCell", () => {
  it.each<[string, string, boolean]>([
    ["empty text", "", false],
    ["50 characters", "x".repeat(50), false],
    ["51 characters", "x".repeat(51), true],
    ["a line break", "a\nb", true],
    ["a carriage return", "a\rb", true],
    ["a trailing line break", "short\n", true],
    ["a tab", "a\tb", false],
  ])("%s -> %s", (_label, text, expected) => {
    expect(isLongTextCell(text)).toBe(expected);
  });
});
