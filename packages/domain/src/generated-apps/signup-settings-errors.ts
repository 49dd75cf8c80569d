import { SIGNUP_REQUIRED_MESSAGES } from "../space-apps/app-settings.ts";

/**
 * The settings user sign-up needs (spec section 5): with sign-up on, the terms of service
 * link, privacy policy link and support e-mail are required (the panel gives the empty
 * ones a red border). Keyed by setting; empty when sign-up is off or all are filled.
 * The messages are the space apps' own, so both builders say the same.
 */
export function signupSettingsErrors(settings: {
  isSignupEnabled: boolean;
  termsOfServiceLink: string;
  privacyPolicyLink: string;
  supportEmail: string;
}): Partial<Record<keyof typeof SIGNUP_REQUIRED_MESSAGES, string>> {
  if (!settings.isSignupEnabled) return {};
  const errors: Partial<Record<keyof typeof SIGNUP_REQUIRED_MESSAGES, string>> = {};
  for (const key of Object.keys(SIGNUP_REQUIRED_MESSAGES) as (keyof typeof SIGNUP_REQUIRED_MESSAGES)[])
    if (settings[key].trim() === "") errors[key] = SIGNUP_REQUIRED_MESSAGES[key];
  return errors;
}
