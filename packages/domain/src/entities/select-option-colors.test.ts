import { describe, expect, it } from "vitest";
import { SELECT_OPTION_COLORS } from "./select-option-colors.ts";

describe("SELECT_OPTION_COLORS", () => {
  it("are distinct six-digit hex colours", () => {
    expect(new Set(SELECT_OPTION_COLORS).size).toBe(SELECT_OPTION_COLORS.length);
    for (const color of SELECT_OPTION_COLORS) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });
});
