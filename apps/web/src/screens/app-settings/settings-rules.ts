import type { SpaceAppSettings } from "@liftoff/domain";
import { GENERATED_APP_MESSAGES, SIGNUP_NEEDS_PUBLISH_MESSAGE } from "@liftoff/domain";

/** Spec section 9: app auto-save debounce. */
export const APP_AUTOSAVE_MS = 2000;

export const SIGNUP_DISABLED_TOOLTIP = SIGNUP_NEEDS_PUBLISH_MESSAGE;
export const APP_SAVE_FAILED_MESSAGE = GENERATED_APP_MESSAGES.saveFailed;
export const NO_PAGES_MESSAGE = "No pages available";
export const MAIN_PAGE_PLACEHOLDER = "Select main page";

/** Spec section 5: sign-up can be switched on only for a published app or one with a custom domain. */
export function canEnableSignup(app: { published: boolean; customHost: string | null | undefined }): boolean {
  return app.published || Boolean(app.customHost?.trim());
}

export type SignupField = "termsOfServiceLink" | "privacyPolicyLink" | "supportEmail";
export const SIGNUP_REQUIRED_FIELDS: readonly SignupField[] = [
  "termsOfServiceLink",
  "privacyPolicyLink",
  "supportEmail",
];

/** The sign-up fields that are required but empty (they get a red border). */
export function missingSignupFields(settings: SpaceAppSettings): SignupField[] {
  if (!settings.isSignupEnabled) return [];
  return SIGNUP_REQUIRED_FIELDS.filter((field) => !settings[field]?.trim());
}

/**
 * Whether the settings can be sent: with sign-up on, all three fields must be filled,
 * otherwise the server would refuse them; the panel keeps them local and shows red borders.
 */
export function isSaveable(settings: SpaceAppSettings): boolean {
  return missingSignupFields(settings).length === 0;
}

/**
 * Per-field server messages from an error's details: the error handler sends
 * `{fields: [{path, message}]}` for zod failures (paths like 'appSettings.supportEmail') and
 * `{fields: [{field, message}]}` for the settings rules.
 */
export function fieldErrorsOf(details: unknown): Partial<Record<string, string>> {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const out: Record<string, string> = {};
  for (const field of fields) {
    if (!field || typeof field !== "object") continue;
    const { path = (field as { field?: unknown }).field, message } = field as {
      path?: unknown;
      message?: unknown;
    };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const name = path.replace(/^appSettings\./, "");
    out[name] ??= message;
  }
  return out;
}
