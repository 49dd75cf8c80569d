import type { BuilderPanelId } from "../builder/builder-panels.ts";

/** The panel modes of a generated app's or single tool's builder (spec section 2, "Panel modes"). */
export type GenPanel =
  | "main"
  | "texts"
  | "branding"
  | "tools"
  | "chat"
  | "settings"
  | "fields"
  | "callToAction"
  | "customDataSource"
  | "runs";

/**
 * Where the builder is: the open panel, the tool being edited (a generated app's tool
 * editor; a single tool's one tool is implied), the AI tool generator, and the section to
 * scroll to ('Results layout' scrolls to the layout editor inside the fields panel).
 */
export type GenView = {
  panel: GenPanel;
  toolId: string | null;
  generateTool: boolean;
  scrollTo: "results-layout" | null;
};

const APP_PANELS: Record<"generated" | "tool", readonly GenPanel[]> = {
  generated: ["texts", "branding", "chat", "settings", "runs"],
  tool: ["texts", "branding", "fields", "callToAction", "customDataSource", "settings", "runs"],
};
/** The panels of one tool of a generated app (its editor under /tools/{toolId}). */
export const TOOL_EDITOR_PANELS: readonly GenPanel[] = [
  "fields",
  "texts",
  "callToAction",
  "customDataSource",
];

const MAIN: GenView = { panel: "main", toolId: null, generateTool: false, scrollTo: null };

/**
 * Reads the view from the address: `rest` is what follows /build/app/{appId}/. A generated
 * app has /tools (the tools panel, ?generateTool=true opens the generator) and
 * /tools/{toolId} (one tool, ?panel= one of its panels); everything else is ?panel=.
 * Unknown values fall back to the main panel.
 */
export function genViewFromLocation(kind: "generated" | "tool", rest: string, search: string): GenView {
  const params = new URLSearchParams(search);
  const panel = params.get("panel") as GenPanel | null;
  const scrollTo = params.get("section") === "results-layout" ? "results-layout" : null;
  const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
  if (kind === "generated" && segments[0] === "tools") {
    if (segments.length === 1)
      return { ...MAIN, panel: "tools", generateTool: params.get("generateTool") === "true" };
    if (segments.length === 2) {
      const toolPanel = panel && TOOL_EDITOR_PANELS.includes(panel) ? panel : "fields";
      return { panel: toolPanel, toolId: segments[1]!, generateTool: false, scrollTo };
    }
    return MAIN;
  }
  if (segments.length > 0) return MAIN;
  if (panel && APP_PANELS[kind].includes(panel)) return { ...MAIN, panel, scrollTo };
  return MAIN;
}

/** The address of a view (the inverse of genViewFromLocation). */
export function genViewHref(appId: string, view: Partial<GenView> & { panel: GenPanel }): string {
  const base = `/build/app/${encodeURIComponent(appId)}`;
  const params = new URLSearchParams();
  if (view.scrollTo) params.set("section", view.scrollTo);
  if (view.toolId) {
    if (view.panel !== "fields") params.set("panel", view.panel);
    const query = params.toString();
    return `${base}/tools/${encodeURIComponent(view.toolId)}${query ? `?${query}` : ""}`;
  }
  if (view.panel === "tools") return `${base}/tools${view.generateTool ? "?generateTool=true" : ""}`;
  if (view.panel !== "main") params.set("panel", view.panel);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The view a side-panel entry opens (spec section 2: 'Results layout' scrolls to the layout editor). */
export function viewOfEntry(
  entry: BuilderPanelId,
  toolId: string | null = null,
): Partial<GenView> & { panel: GenPanel } {
  switch (entry) {
    case "resultsLayout":
      return { panel: "fields", toolId, scrollTo: "results-layout" };
    case "dataSources":
      return { panel: "customDataSource", toolId };
    case "fields":
    case "callToAction":
      return { panel: entry, toolId };
    case "texts":
    case "branding":
    case "tools":
    case "chat":
    case "settings":
    case "runs":
      return { panel: entry };
    default:
      return { panel: "main" };
  }
}

/**
 * Where Done goes (spec section 2): back to the main panel; from a generated app's tool
 * back to its tools list; and from the tools panel to /build/app/{appId}.
 */
export function doneView(view: GenView): Partial<GenView> & { panel: GenPanel } {
  if (view.toolId) return { panel: "tools" };
  return { panel: "main" };
}

export const GEN_PANEL_TITLES: Record<GenPanel, string> = {
  main: "Builder",
  texts: "Texts",
  branding: "App branding",
  tools: "App tools",
  chat: "App chat",
  settings: "Settings",
  fields: "Custom fields",
  callToAction: "Call to action",
  customDataSource: "Data sources",
  runs: "Run history",
};
