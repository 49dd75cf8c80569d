import type { AppKind, PlanId } from "@liftoff/domain";
import { isPlanAtOrAbove } from "@liftoff/domain";

export type BuilderPanelId =
  | "texts"
  | "branding"
  | "tools"
  | "chat"
  | "settings"
  | "details"
  | "database"
  | "users"
  | "fields"
  | "resultsLayout"
  | "callToAction"
  | "dataSources"
  | "runs";

export type BuilderPanelEntry = { id: BuilderPanelId; label: string };

export type BuilderViewer = { isAdmin: boolean; plan: PlanId | null };

/** Plan tier that opens App settings for generated apps (spec section 9). */
export const GENERATED_SETTINGS_MIN_PLAN: PlanId = "moon";

/** Side-panel entries by kind of app (spec section 2, "Side panels by kind of app"). */
export function builderPanelEntries(kind: AppKind, viewer: BuilderViewer): BuilderPanelEntry[] {
  switch (kind) {
    case "generated": {
      const entries: BuilderPanelEntry[] = [
        { id: "texts", label: "App texts" },
        { id: "branding", label: "App branding" },
        { id: "tools", label: "App tools" },
      ];
      if (viewer.isAdmin) entries.push({ id: "chat", label: "App chat" });
      if (viewer.isAdmin || isPlanAtOrAbove(viewer.plan, GENERATED_SETTINGS_MIN_PLAN)) {
        entries.push({ id: "settings", label: "App settings" });
      }
      // Issue 16: what end users asked the app's tools, and what they got.
      entries.push({ id: "runs", label: "Run history" });
      return entries;
    }
    case "space":
      return [
        { id: "details", label: "App details" },
        { id: "database", label: "Database" },
        // Issue 13: the app's end users, next to their data.
        { id: "users", label: "App users" },
        { id: "settings", label: "App settings" },
      ];
    case "tool":
      return [
        { id: "texts", label: "Tool texts" },
        { id: "branding", label: "App branding" },
        { id: "fields", label: "Custom fields" },
        { id: "resultsLayout", label: "Results layout" },
        { id: "callToAction", label: "Call to action" },
        { id: "dataSources", label: "Data sources" },
        { id: "settings", label: "Tool settings" },
        { id: "runs", label: "Run history" },
      ];
  }
}

/** Panel modes of the builder (spec section 2, "Panel modes"). */
export type BuilderPanelMode =
  | "main"
  | "details"
  | "texts"
  | "branding"
  | "tools"
  | "settings"
  | "database"
  | "users"
  | "codeEditor"
  | "chat"
  | "fields"
  | "callToAction"
  | "customDataSource"
  | "runs";

/** Modes a space app's builder has: its three entries plus the code editor. */
const SPACE_MODES: readonly BuilderPanelMode[] = ["details", "database", "users", "settings", "codeEditor"];

/**
 * The panel mode an entry opens, for the panels built so far: App details, Database and
 * App settings of space apps. Other entries stay listed (null) until their panels arrive.
 */
export function panelModeOf(kind: AppKind, entry: BuilderPanelId): BuilderPanelMode | null {
  if (kind !== "space") return null;
  if (entry === "details" || entry === "database" || entry === "users" || entry === "settings") return entry;
  return null;
}

/** The mode named by the `panel` query parameter, when this kind of app has it; else main. */
export function panelModeFromQuery(kind: AppKind, value: string | null): BuilderPanelMode {
  if (kind === "space" && SPACE_MODES.includes(value as BuilderPanelMode)) return value as BuilderPanelMode;
  return "main";
}

/** Modes that need the whole width: the preview steps aside (the database grid). */
export function isFullWidthMode(mode: BuilderPanelMode): boolean {
  return mode === "database";
}

/**
 * Whether the phone header shows its Done button. Off on the main panel (nowhere to go back
 * to), and off while a full-width panel is on screen: the Database panel has a Done of its
 * own beside its title, and two "Done" buttons, one after the other, left a screen-reader
 * user asking which was which. With the preview shown instead, the header's is the only way back.
 */
export function headerShowsDone(options: { mode: BuilderPanelMode; panelShown: boolean }): boolean {
  if (options.mode === "main") return false;
  return !(isFullWidthMode(options.mode) && options.panelShown);
}

/** The tab title of each panel the `panel` query opens, for every kind of app. */
const PANEL_TITLES: Partial<Record<BuilderPanelMode, string>> = {
  details: "App details",
  database: "Database",
  users: "App users",
  settings: "App settings",
  codeEditor: "Code editor",
  texts: "Texts",
  branding: "App branding",
  chat: "App chat",
  fields: "Custom fields",
  callToAction: "Call to action",
  customDataSource: "Data sources",
  runs: "Run history",
};

/**
 * The builder's page title: the open panel's name before "Builder", so each panel's address
 * has a title of its own (WCAG 2.4.2) and a screen reader hears which one it landed on.
 */
export function builderTitle(params: URLSearchParams): string {
  const value = params.get("panel");
  const panel =
    value !== null && Object.hasOwn(PANEL_TITLES, value)
      ? PANEL_TITLES[value as BuilderPanelMode]
      : undefined;
  return panel ? `${panel} · Builder` : "Builder";
}
