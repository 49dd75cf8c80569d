import { DEFAULT_SAVED_APP_SETTINGS, newSavedApp } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  applySignupDraft,
  parseCreditsPerRun,
  parseUserLimit,
  roundTemperature,
  settingsAccess,
  toggleFeature,
} from "./settings-model.ts";

describe("settingsAccess", () => {
  it("gives lite builders of a tool the upgrade prompt, and generated apps from Moon", () => {
    expect(settingsAccess({ kind: "tool", plan: null, isAdmin: false }).canEdit).toBe(false);
    expect(settingsAccess({ kind: "tool", plan: "explorer", isAdmin: false }).canEdit).toBe(true);
    expect(settingsAccess({ kind: "generated", plan: "master", isAdmin: false }).canEdit).toBe(false);
    expect(settingsAccess({ kind: "generated", plan: "moon", isAdmin: false }).canEdit).toBe(true);
    expect(settingsAccess({ kind: "generated", plan: null, isAdmin: true }).canEdit).toBe(true);
  });

  it("keeps the model, temperature and credits for admins", () => {
    const builder = settingsAccess({ kind: "tool", plan: "builder", isAdmin: false });
    for (const key of [
      "aiModel",
      "modelTemperature",
      "aiQueryMethod",
      "creditsPerRun",
      "userCanEditResults",
    ] as const)
      expect(builder.adminOnly.has(key)).toBe(true);
    expect(builder.adminOnly.has("dailyUserLimit")).toBe(false);
    expect(settingsAccess({ kind: "tool", plan: null, isAdmin: true }).adminOnly.size).toBe(0);
  });
});

describe("number inputs", () => {
  it("accepts daily and weekly limits 1 to 100 only", () => {
    expect(["1", "100", " 42 "].map(parseUserLimit)).toEqual([1, 100, 42]);
    expect(["0", "101", "1.5", "", "abc", "-3", "1e2"].map(parseUserLimit)).toEqual(Array(7).fill(null));
  });

  it("accepts credits 0 to 20 only", () => {
    expect(["0", "20", "1"].map(parseCreditsPerRun)).toEqual([0, 20, 1]);
    expect(["21", "-1", "0.5", ""].map(parseCreditsPerRun)).toEqual([null, null, null, null]);
  });

  it("keeps the temperature on the 0.1 grid between 0 and 2", () => {
    expect(roundTemperature(0.1 + 0.2)).toBe(0.3);
    expect(roundTemperature(2.4)).toBe(2);
    expect(roundTemperature(-1)).toBe(0);
  });
});

describe("toggleFeature", () => {
  it("adds and removes a feature once", () => {
    const app = newSavedApp("tool", "x");
    const on = toggleFeature(app, "interactive_followups", true);
    expect(on.features).toEqual(["interactive_followups"]);
    expect(toggleFeature(on, "interactive_followups", true)).toBe(on);
    expect(toggleFeature(on, "interactive_followups", false).features).toEqual([]);
  });
});

describe("applySignupDraft", () => {
  it("holds sign-up back until the terms, privacy and support fields are filled", () => {
    const held = applySignupDraft(DEFAULT_SAVED_APP_SETTINGS, true);
    expect(held.settings.isSignupEnabled).toBe(false);
    expect(held.missing.sort()).toEqual(["privacyPolicyLink", "supportEmail", "termsOfServiceLink"]);
    const filled = {
      ...DEFAULT_SAVED_APP_SETTINGS,
      termsOfServiceLink: "https://a.test/terms",
      privacyPolicyLink: "https://a.test/privacy",
      supportEmail: "help@a.test",
    };
    expect(applySignupDraft(filled, true)).toEqual({
      settings: { ...filled, isSignupEnabled: true },
      missing: [],
    });
    expect(applySignupDraft({ ...filled, isSignupEnabled: true }, false).settings.isSignupEnabled).toBe(
      false,
    );
  });
});
