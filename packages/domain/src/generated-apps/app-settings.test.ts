import { describe, expect, it } from "vitest";
import {
  appSettingsSchema,
  DEFAULT_SAVED_APP_SETTINGS,
  isTemperatureStep,
  savedAppSettingsSchema,
  updateAppSettingsBodySchema,
} from "./app-settings.ts";

const issues = (value: unknown) => {
  const result = savedAppSettingsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};
const withSetting = (patch: Record<string, unknown>) => issues({ ...DEFAULT_SAVED_APP_SETTINGS, ...patch });

describe("app settings contract", () => {
  it("defaults to 1 credit per run and temperature 0.7 (spec section 9)", () => {
    expect(savedAppSettingsSchema.parse(DEFAULT_SAVED_APP_SETTINGS)).toEqual(DEFAULT_SAVED_APP_SETTINGS);
    expect(DEFAULT_SAVED_APP_SETTINGS.creditsPerRun).toBe(1);
    expect(DEFAULT_SAVED_APP_SETTINGS.modelTemperature).toBe(0.7);
  });

  it.each([
    ["dailyUserLimit", "Daily runs per user"],
    ["weeklyUserLimit", "Weekly runs per user"],
  ])("keeps %s within 1 to 100", (key, label) => {
    expect(withSetting({ [key]: 1 })).toEqual([]);
    expect(withSetting({ [key]: 100 })).toEqual([]);
    expect(withSetting({ [key]: 0 })).toEqual([[key, `${label} must be between 1 and 100`]]);
    expect(withSetting({ [key]: 101 })).toEqual([[key, `${label} must be between 1 and 100`]]);
    expect(withSetting({ [key]: 2.5 })).toEqual([[key, `${label} must be a whole number`]]);
  });

  it("keeps credits per run within 0 to 20", () => {
    expect(withSetting({ creditsPerRun: 0 })).toEqual([]);
    expect(withSetting({ creditsPerRun: 21 })).toEqual([
      ["creditsPerRun", "Credits per run must be between 0 and 20"],
    ]);
  });

  it("keeps the temperature within 0 to 2 in steps of 0.1", () => {
    for (const temperature of [0, 0.1, 0.3, 0.7, 1.9, 2])
      expect(withSetting({ modelTemperature: temperature })).toEqual([]);
    expect(withSetting({ modelTemperature: 0.75 })).toEqual([
      ["modelTemperature", "Temperature must be a multiple of 0.1"],
    ]);
    expect(withSetting({ modelTemperature: 2.1 })).toEqual([
      ["modelTemperature", "Temperature must be between 0 and 2"],
    ]);
    expect(withSetting({ modelTemperature: -0.1 })).toEqual([
      ["modelTemperature", "Temperature must be between 0 and 2"],
    ]);
  });

  it("reads floating point tenths as steps", () => {
    expect(isTemperatureStep(0.1 + 0.2)).toBe(true);
    expect(isTemperatureStep(0.05)).toBe(false);
  });

  it("checks the legal links and the support e-mail", () => {
    expect(withSetting({ termsOfServiceLink: "terms" })).toEqual([
      ["termsOfServiceLink", "Enter a valid URL starting with http:// or https://"],
    ]);
    expect(withSetting({ supportEmail: "help" })).toEqual([["supportEmail", "Enter a valid e-mail address"]]);
  });

  it("lists every field of spec section 3 in the panel's settings", () => {
    const spec =
      "aiModel, modelTemperature, aiQueryMethod, dailyUserLimit, weeklyUserLimit, isClaimable, isToolTemplate, templateCategory, templateCategories, templateImageUrl, templateDescription, creditsPerRun, userCanEditResults, isMultiStepInput, inputSteps, header, description, isInputHidden, isInputCollapsed, inputLabel, inputPlaceholder, welcomeMessage, examples, ctaMessage, ctaButton, ctaLink, mainPage, isAppTemplate, requireBuilderCollaboratorAccount, isSignupEnabled, termsOfServiceLink, privacyPolicyLink, supportEmail, isPaidMembershipsEnabled, paidMembershipsSettings, paidMembershipsProduct";
    expect(Object.keys(appSettingsSchema.shape).sort()).toEqual(spec.split(", ").sort());
  });

  it("takes a partial update, the access token included, and refuses unknown keys", () => {
    expect(
      updateAppSettingsBodySchema.parse({
        appSettings: { dailyUserLimit: 5, paymentProviderAccessToken: "tok" },
      }),
    ).toEqual({
      appSettings: { dailyUserLimit: 5, paymentProviderAccessToken: "tok" },
    });
    expect(
      updateAppSettingsBodySchema.safeParse({ appSettings: { examples: ["a", "b", "c", "d"] } }).success,
    ).toBe(false);
    expect(updateAppSettingsBodySchema.safeParse({ appSettings: { color: "red" } }).success).toBe(false);
  });
});
