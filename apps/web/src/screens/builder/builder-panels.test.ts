import { describe, expect, it } from "vitest";
import { builderPanelEntries, builderTitle, headerShowsDone } from "./builder-panels.ts";

const labels = (...args: Parameters<typeof builderPanelEntries>) =>
  builderPanelEntries(...args).map((entry) => entry.label);

describe("builderPanelEntries", () => {
  it("gives a lite generated-app builder texts, branding, tools and its run history only", () => {
    expect(labels("generated", { isAdmin: false, plan: "lite" })).toEqual([
      "App texts",
      "App branding",
      "App tools",
      "Run history",
    ]);
    expect(labels("generated", { isAdmin: false, plan: null })).not.toContain("App settings");
  });

  it("opens App settings for generated apps from plan moon up", () => {
    expect(labels("generated", { isAdmin: false, plan: "master" })).not.toContain("App settings");
    expect(labels("generated", { isAdmin: false, plan: "moon" })).toContain("App settings");
    expect(labels("generated", { isAdmin: false, plan: "galaxy" })).toContain("App settings");
    expect(labels("generated", { isAdmin: false, plan: "moon" })).not.toContain("App chat");
  });

  it("gives admins App chat and App settings", () => {
    expect(labels("generated", { isAdmin: true, plan: "lite" })).toEqual([
      "App texts",
      "App branding",
      "App tools",
      "App chat",
      "App settings",
      "Run history",
    ]);
  });

  it("always shows App settings for space apps, and App users next to Database (issue 13)", () => {
    expect(labels("space", { isAdmin: false, plan: "lite" })).toEqual([
      "App details",
      "Database",
      "App users",
      "App settings",
    ]);
  });

  it("lists the single-tool entries in spec order", () => {
    expect(labels("tool", { isAdmin: false, plan: null })).toEqual([
      "Tool texts",
      "App branding",
      "Custom fields",
      "Results layout",
      "Call to action",
      "Data sources",
      "Tool settings",
      "Run history",
    ]);
  });
});

describe("panel modes", () => {
  it("opens the Database panel for space apps only", async () => {
    const { panelModeOf, panelModeFromQuery } = await import("./builder-panels.ts");
    expect(panelModeOf("space", "database")).toBe("database");
    expect(panelModeOf("space", "details")).toBe("details");
    expect(panelModeOf("space", "settings")).toBe("settings");
    expect(panelModeOf("space", "users")).toBe("users");
    expect(panelModeFromQuery("space", "users")).toBe("users");
    expect(panelModeOf("generated", "database")).toBeNull();
    expect(panelModeFromQuery("space", "database")).toBe("database");
    expect(panelModeFromQuery("tool", "database")).toBe("main");
    expect(panelModeFromQuery("space", null)).toBe("main");
    expect(panelModeFromQuery("space", "codeEditor")).toBe("codeEditor");
    expect(panelModeFromQuery("space", "bogus")).toBe("main");
    expect(panelModeFromQuery("generated", "codeEditor")).toBe("main");
  });
});

describe("headerShowsDone", () => {
  it("offers the phone header's Done on a side panel, not on the main one", () => {
    expect(headerShowsDone({ mode: "details", panelShown: true })).toBe(true);
    expect(headerShowsDone({ mode: "codeEditor", panelShown: true })).toBe(true);
    expect(headerShowsDone({ mode: "main", panelShown: true })).toBe(false);
  });

  it("leaves it out while the Database panel, with a Done of its own, is on screen", () => {
    expect(headerShowsDone({ mode: "database", panelShown: true })).toBe(false);
    // The preview in its place: the header's Done is then the only way back.
    expect(headerShowsDone({ mode: "database", panelShown: false })).toBe(true);
  });
});

describe("builderTitle", () => {
  it("names the open panel of any kind of app, and nothing else", () => {
    expect(builderTitle(new URLSearchParams("panel=database"))).toBe("Database · Builder");
    expect(builderTitle(new URLSearchParams("panel=callToAction"))).toBe("Call to action · Builder");
    expect(builderTitle(new URLSearchParams("panel=branding"))).toBe("App branding · Builder");
    expect(builderTitle(new URLSearchParams("panel=runs"))).toBe("Run history · Builder");
    for (const query of ["", "panel=__proto__", "panel=toString", "panel=main"])
      expect(builderTitle(new URLSearchParams(query))).toBe("Builder");
  });
});
