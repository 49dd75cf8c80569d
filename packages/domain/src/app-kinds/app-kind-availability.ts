import { APP_KINDS, type AppKind } from "../contracts/apps.ts";

/**
 * The kind the New app dialog and onboarding start on: the one the builder chose in
 * onboarding (kept in the browser), else a space app. Every kind can be created (issue 15
 * opened generated apps and single tools); an unknown answer falls back.
 */
export function initialAppKind(preferred: string | null | undefined): AppKind {
  return APP_KINDS.find((kind) => kind === preferred) ?? "space";
}
