import { describe, expect, it } from "vitest";
import { appSettingsSchema } from "./app-settings.ts";
import { applyAppSettings, appSettingsView } from "./apply-app-settings.ts";
import { savedAppSchema } from "./saved-app.ts";
import { emptyTool } from "./tool.ts";
import { emptySavedApp } from "./upgrade-saved-app.ts";

describe("applyAppSettings", () => {
  it("puts each field where v4 keeps it", () => {
    const app = applyAppSettings(emptySavedApp("tool"), {
      header: "Coach",
      description: "Helps",
      dailyUserLimit: 7,
      examples: ["one"],
      ctaLink: "https://x.io",
      inputSteps: [{ id: "s", title: "Step" }],
      paymentProviderAccessToken: "secret",
    });
    expect(savedAppSchema.parse(app)).toEqual(app);
    expect(app).toMatchObject({ header: "Coach", description: "Helps", settings: { dailyUserLimit: 7 } });
    expect(app.tools[0]).toMatchObject({
      examples: ["one"],
      ctaLink: "https://x.io",
      inputSteps: [{ id: "s", title: "Step" }],
    });
    expect(JSON.stringify(app)).not.toContain("secret");
    expect(app.settings).not.toHaveProperty("examples");
  });

  it("changes only the chosen tool of a generated app", () => {
    const base = {
      ...emptySavedApp("generated"),
      tools: [emptyTool({ toolId: "a", path: "a" }), emptyTool({ toolId: "b", path: "b" })],
    };
    const app = applyAppSettings(base, { welcomeMessage: "Hi" }, "b");
    expect(app.tools.map((tool) => tool.welcomeMessage)).toEqual(["", "Hi"]);
  });
});

describe("appSettingsView", () => {
  it("shows the spec's settings, the tool's texts included", () => {
    const app = applyAppSettings(emptySavedApp("tool"), { header: "Coach", inputLabel: "Ask" });
    const view = appSettingsView(app);
    expect(appSettingsSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ header: "Coach", inputLabel: "Ask", creditsPerRun: 1 });
    expect(appSettingsView(app, "missing")).toBeNull();
  });
});
