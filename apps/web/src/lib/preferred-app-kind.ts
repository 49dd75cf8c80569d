import type { AppKind } from "@liftoff/domain";

/**
 * The onboarding answer "What do you want to build first?", kept in this browser: it is
 * only a hint for the New app dialog, which starts on it when that kind can be created.
 */
export const PREFERRED_APP_KIND_KEY = "liftoff:preferredAppKind";

export function readPreferredAppKind(): string | null {
  try {
    return localStorage.getItem(PREFERRED_APP_KIND_KEY);
  } catch {
    // Storage may be unavailable (private mode): no hint then.
    return null;
  }
}

export function savePreferredAppKind(kind: AppKind): void {
  try {
    localStorage.setItem(PREFERRED_APP_KIND_KEY, kind);
  } catch {
    // As above: the choice is only a hint.
  }
}
