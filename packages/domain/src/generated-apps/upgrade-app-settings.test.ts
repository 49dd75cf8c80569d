import { describe, expect, it } from "vitest";
import { DEFAULT_SAVED_APP_SETTINGS, savedAppSettingsSchema } from "./app-settings.ts";
import { upgradeAppSettings } from "./upgrade-app-settings.ts";

describe("upgradeAppSettings", () => {
  it("gives the defaults for nothing", () => {
    expect(upgradeAppSettings(null)).toEqual(DEFAULT_SAVED_APP_SETTINGS);
  });

  it.each([
    [{ dailyUserLimit: 0 }, { dailyUserLimit: 1 }],
    [{ dailyUserLimit: 1000 }, { dailyUserLimit: 100 }],
    [{ weeklyUserLimit: "42" }, { weeklyUserLimit: 42 }],
    [{ creditsPerRun: -3 }, { creditsPerRun: 0 }],
    [{ creditsPerRun: 20.4 }, { creditsPerRun: 20 }],
    [{ modelTemperature: 3 }, { modelTemperature: 2 }],
    [{ temperature: 0.33 }, { modelTemperature: 0.3 }],
    [{ modelTemperature: "hot" }, { modelTemperature: 0.7 }],
    [{ aiQueryMethod: "search-similar-item" }, { aiQueryMethod: "search_similar_item" }],
    [{ aiQueryMethod: "magic" }, { aiQueryMethod: "query_context_items" }],
  ])("reads %j as %j", (raw, expected) => {
    const settings = upgradeAppSettings(raw);
    expect(settings).toMatchObject(expected);
    expect(savedAppSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it("keeps sign-up, memberships and template settings", () => {
    const settings = upgradeAppSettings({
      isSignupEnabled: true,
      termsOfServiceLink: "https://x.io/terms",
      supportEmail: "help@x.io",
      paidMembershipsSettings: { paymentProvider: "stripe", isSetupCompleted: true },
      paidMembershipsProduct: { id: "p1", name: "Pro" },
      templateCategories: ["Writing", "", "Travel"],
      mainPage: "Home",
    });
    expect(settings).toMatchObject({
      isSignupEnabled: true,
      termsOfServiceLink: "https://x.io/terms",
      supportEmail: "help@x.io",
      paidMembershipsSettings: {
        paymentProvider: "stripe",
        hasPaymentProviderAccessToken: false,
        isSetupCompleted: true,
      },
      paidMembershipsProduct: { id: "p1", name: "Pro" },
      templateCategories: ["Writing", "Travel"],
      mainPage: "Home",
    });
  });
});
