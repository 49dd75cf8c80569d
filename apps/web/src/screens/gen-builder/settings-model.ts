import {
  ADMIN_ONLY_SETTINGS,
  type AppFeature,
  canEditAppSettings,
  type PlanId,
  SAVED_APP_SETTINGS_RANGES,
  type SavedApp,
  type SavedAppKind,
  type SavedAppSettings,
  signupSettingsErrors,
} from "@liftoff/domain";

export type SettingsViewer = { kind: SavedAppKind; plan: PlanId | null; isAdmin: boolean };

/**
 * What the settings panel lets this builder do (spec section 6): lite builders of a single
 * tool see the upgrade prompt instead, generated apps need Moon or an admin, and the AI
 * model, temperature, query method, credits and result editing are for admins.
 */
export function settingsAccess(viewer: SettingsViewer): {
  canEdit: boolean;
  adminOnly: ReadonlySet<keyof SavedAppSettings>;
} {
  return {
    canEdit: canEditAppSettings(viewer),
    adminOnly: new Set(viewer.isAdmin ? [] : ADMIN_ONLY_SETTINGS),
  };
}

/**
 * A whole number within the user-limit range, or null while the text is not one (the
 * input keeps what is typed; only a valid value reaches the document).
 */
export function parseUserLimit(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text);
  const { min, max } = SAVED_APP_SETTINGS_RANGES.userLimit;
  return value >= min && value <= max ? value : null;
}

/** Credits per run: a whole number 0 to 20 (spec section 5), or null. */
export function parseCreditsPerRun(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text);
  const { min, max } = SAVED_APP_SETTINGS_RANGES.creditsPerRun;
  return value >= min && value <= max ? value : null;
}

/** The temperature slider's value on the 0.1 grid (floating point would give 0.30000000000000004). */
export function roundTemperature(value: number): number {
  const { min, max } = SAVED_APP_SETTINGS_RANGES.modelTemperature;
  return Math.min(max, Math.max(min, Math.round(value * 10) / 10));
}

/** Switches a built-in feature ('Interactive Followups', 'Custom Fields') on or off. */
export function toggleFeature(app: SavedApp, feature: AppFeature, on: boolean): SavedApp {
  const has = app.features.includes(feature);
  if (has === on) return app;
  return { ...app, features: on ? [...app.features, feature] : app.features.filter((f) => f !== feature) };
}

/**
 * Sign-up goes into the document only once the three fields it needs are filled (spec
 * section 5: empty ones get a red border); until then the switch stays on in the panel
 * alone, so auto-save never sends a document the server must refuse.
 */
export function applySignupDraft(
  settings: SavedAppSettings,
  wantsSignup: boolean,
): { settings: SavedAppSettings; missing: string[] } {
  const candidate = { ...settings, isSignupEnabled: wantsSignup };
  const missing = Object.keys(signupSettingsErrors(candidate));
  if (wantsSignup && missing.length > 0)
    return { settings: { ...settings, isSignupEnabled: false }, missing };
  return { settings: candidate, missing: [] };
}
