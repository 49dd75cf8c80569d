import { describe, expect, it } from "vitest";
import { isWithin } from "./use-leave-guard.ts";

describe("isWithin", () => {
  it("counts the builder's own addresses as staying, and a lookalike prefix as leaving", () => {
    expect(isWithin("/build/app/a1", "/build/app/a1")).toBe(true);
    expect(isWithin("/build/app/a1/tools/t", "/build/app/a1")).toBe(true);
    expect(isWithin("/build/app/a12", "/build/app/a1")).toBe(false);
    expect(isWithin("/apps", "/build/app/a1")).toBe(false);
  });
});
