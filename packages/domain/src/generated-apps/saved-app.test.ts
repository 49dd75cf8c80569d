import { describe, expect, it } from "vitest";
import { saveAppBodySchema, savedAppSchema } from "./saved-app.ts";
import { emptyTool } from "./tool.ts";
import { emptySavedApp } from "./upgrade-saved-app.ts";

describe("saved app contract", () => {
  it("is version 4 and holds the app's parts", () => {
    const app = emptySavedApp("generated");
    expect(savedAppSchema.parse(app)).toEqual(app);
    expect(Object.keys(savedAppSchema.shape).sort()).toEqual(
      [
        "appBuilderVersion",
        "background",
        "chatSettings",
        "description",
        "features",
        "header",
        "settings",
        "style",
        "tools",
      ].sort(),
    );
  });

  it("refuses any other version: older ones go through upgradeSavedApp", () => {
    expect(savedAppSchema.safeParse({ ...emptySavedApp("tool"), appBuilderVersion: 3 }).success).toBe(false);
  });

  it("holds several tools for a generated app", () => {
    const app = {
      ...emptySavedApp("generated"),
      tools: [emptyTool({ toolId: "a", path: "a" }), emptyTool({ toolId: "b", path: "b" })],
    };
    expect(savedAppSchema.parse(app).tools).toHaveLength(2);
  });

  it("knows the built-in features and refuses others", () => {
    const app = emptySavedApp("tool");
    expect(
      savedAppSchema.safeParse({ ...app, features: ["interactive_followups", "custom_fields"] }).success,
    ).toBe(true);
    expect(savedAppSchema.safeParse({ ...app, features: ["voice"] }).success).toBe(false);
  });

  it("reads the save call's body (spec section 7)", () => {
    const body = { appId: "app-1", appType: "tool", appBuilderVersion: 4, app: emptySavedApp("tool") };
    expect(saveAppBodySchema.parse(body)).toEqual(body);
    expect(saveAppBodySchema.safeParse({ appId: "app-1", appType: "space" }).success).toBe(false);
  });
});
