import { DEFAULT_SPACE_APP_SETTINGS } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { canEnableSignup, fieldErrorsOf, isSaveable, missingSignupFields } from "./settings-rules.ts";

describe("space app settings rules", () => {
  it("enables sign-up only when published or with a custom domain", () => {
    expect(canEnableSignup({ published: false, customHost: null })).toBe(false);
    expect(canEnableSignup({ published: false, customHost: "  " })).toBe(false);
    expect(canEnableSignup({ published: true, customHost: null })).toBe(true);
    expect(canEnableSignup({ published: false, customHost: "app.example.com" })).toBe(true);
  });

  it("requires the legal links and support e-mail while sign-up is on", () => {
    const on = { ...DEFAULT_SPACE_APP_SETTINGS, isSignupEnabled: true, supportEmail: "help@example.com" };
    expect(missingSignupFields(on)).toEqual(["termsOfServiceLink", "privacyPolicyLink"]);
    expect(isSaveable(on)).toBe(false);
    expect(missingSignupFields({ ...on, isSignupEnabled: false })).toEqual([]);
    expect(
      isSaveable({
        ...on,
        termsOfServiceLink: "https://a.example/tos",
        privacyPolicyLink: "https://a.example/pp",
      }),
    ).toBe(true);
  });

  it("reads per-field server messages from validation details", () => {
    expect(
      fieldErrorsOf({
        fields: [
          { path: "appSettings.supportEmail", message: "Enter a valid e-mail address" },
          { path: "appSettings.supportEmail", message: "second" },
        ],
      }),
    ).toEqual({ supportEmail: "Enter a valid e-mail address" });
    expect(fieldErrorsOf({ fields: [{ field: "privacyPolicyLink", message: "required" }] })).toEqual({
      privacyPolicyLink: "required",
    });
    expect(fieldErrorsOf(undefined)).toEqual({});
    expect(fieldErrorsOf({ fields: "nope" })).toEqual({});
  });
});
