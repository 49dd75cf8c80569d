import { describe, expect, it } from "vitest";
import * as barrel from "./index.ts";

// Every module of the folder, found by Vite, so a new file cannot be left out of the barrel.
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts", "!./index.ts"], {
  eager: true,
});

describe("the folder's index", () => {
  it("finds the folder's modules", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(modules))("re-exports everything from %s", (_path, module) => {
    for (const [name, value] of Object.entries(module)) {
      expect(barrel).toHaveProperty(name, value);
    }
  });
});
