import type { FieldMessages, PlanId, SavedApp, Tool } from "@liftoff/domain";

/**
 * Who edits, for the rules that depend on role and plan (spec sections 5 and 6): admin-only
 * field types and settings, photo fields off on lite, memorize only with sign-up on.
 */
export type GenBuilderViewer = {
  isAdmin: boolean;
  plan: PlanId | null;
  /** The app's settings have user sign-up on (memorize needs it). */
  isSignupEnabled: boolean;
};

/**
 * The props of every panel that edits one tool of a saved app (custom fields, steps,
 * instructions, results layout, call to action, tool texts). The panel never saves: it
 * calls `onChange` with the whole next tool and the builder's auto-save sends it after
 * its debounce. `errors` and `warnings` are the server's (and validateSavedApp's) messages
 * for this tool, keyed by the path inside the tool ("fields.0.name", "gptPrompt").
 */
export type ToolEditorProps = {
  appId: string;
  app: SavedApp;
  tool: Tool;
  onChange: (next: Tool) => void;
  viewer: GenBuilderViewer;
  errors: FieldMessages;
  warnings: FieldMessages;
};

/**
 * The props of a panel that edits the app as a whole (branding, the tools list, app texts).
 * `errors` and `warnings` are keyed by the path in the saved app ("tools.1.status").
 */
export type AppEditorProps = {
  appId: string;
  app: SavedApp;
  onChange: (next: SavedApp) => void;
  viewer: GenBuilderViewer;
  errors: FieldMessages;
  warnings: FieldMessages;
};
