import type { SavedApp, SavedAppKind } from "./saved-app.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";
import { emptySavedApp } from "./upgrade-saved-app.ts";

/**
 * The document a new generated app or single tool starts with: the app's name as its
 * header, and for a single tool its one tool titled the same, so it can be activated as
 * soon as it has instructions. Everything else is the v4 defaults.
 */
export function newSavedApp(kind: SavedAppKind, name: string): SavedApp {
  const header = name.trim().slice(0, SAVED_APP_TEXT_LIMITS.header);
  const app = emptySavedApp(kind);
  return {
    ...app,
    header,
    tools: app.tools.map((tool) => ({ ...tool, title: header })),
  };
}
