import { APP_KIND_LABELS, APP_KINDS, type AppKind } from "../contracts/apps.ts";

/**
 * The kinds of app whose builder exists. Generated apps and single tools are specified but
 * not built yet: creating one would give the builder an empty shell and use up a slot of
 * the plan, so the server refuses them and the web app shows them as "coming soon". Adding
 * a kind here (when its builder ships) opens both at once.
 */
export const AVAILABLE_APP_KINDS: readonly AppKind[] = ["space"];

export function isAppKindAvailable(kind: AppKind): boolean {
  return AVAILABLE_APP_KINDS.includes(kind);
}

/** The refusal of a kind that is not built yet (POST /api/apps answers it with 422). */
export function appKindComingSoonMessage(kind: AppKind): string {
  return `${APP_KIND_LABELS[kind]}s are coming soon. Create a space app for now.`;
}

/**
 * The kind the New app dialog starts on: the one the builder chose in onboarding when it
 * can be created, else the first kind that can (a "coming soon" kind preselected would be
 * a dead end).
 */
export function initialAppKind(preferred: string | null | undefined): AppKind {
  const chosen = APP_KINDS.find((kind) => kind === preferred);
  if (chosen && isAppKindAvailable(chosen)) return chosen;
  return AVAILABLE_APP_KINDS[0] ?? "space";
}
