import { describe, expect, it } from "vitest";
import { signupSettingsErrors } from "./signup-settings-errors.ts";

const empty = { termsOfServiceLink: "", privacyPolicyLink: " ", supportEmail: "" };

describe("signupSettingsErrors", () => {
  it("requires the legal links and support e-mail when sign-up is on", () => {
    expect(signupSettingsErrors({ isSignupEnabled: true, ...empty })).toEqual({
      termsOfServiceLink: "Terms of service link is required when user sign-up is on",
      privacyPolicyLink: "Privacy policy link is required when user sign-up is on",
      supportEmail: "Support e-mail is required when user sign-up is on",
    });
  });

  it("asks nothing when sign-up is off or all are filled", () => {
    expect(signupSettingsErrors({ isSignupEnabled: false, ...empty })).toEqual({});
    expect(
      signupSettingsErrors({
        isSignupEnabled: true,
        termsOfServiceLink: "https://x.io/t",
        privacyPolicyLink: "https://x.io/p",
        supportEmail: "a@x.io",
      }),
    ).toEqual({});
  });
});
