import { describe, expect, it } from "vitest";
import { newSavedApp } from "./new-saved-app.ts";
import { savedAppSchema } from "./saved-app.ts";
import { validateSavedApp } from "./validate-saved-app.ts";

describe("newSavedApp", () => {
  it("starts a generated app with its name as header and no tools", () => {
    const app = newSavedApp("generated", "  Trip planner ");
    expect(app.header).toBe("Trip planner");
    expect(app.tools).toEqual([]);
    expect(savedAppSchema.parse(app)).toEqual(app);
  });

  it("starts a single tool with one draft tool titled by the name", () => {
    const app = newSavedApp("tool", "Cover letter writer");
    expect(app.tools).toHaveLength(1);
    expect(app.tools[0]).toMatchObject({ title: "Cover letter writer", status: "draft" });
  });

  it("passes validation for a lite builder, so the first auto-save is accepted", () => {
    for (const kind of ["generated", "tool"] as const) {
      const app = newSavedApp(kind, "x".repeat(200));
      expect(app.header).toHaveLength(120);
      expect(validateSavedApp(app, { kind, plan: null, isAdmin: false, previous: app }).ok).toBe(true);
    }
  });
});
