import type { AppSettings, UpdateAppSettingsBody } from "./app-settings.ts";
import { appSettingsToolFieldsSchema } from "./app-settings.ts";
import type { SavedApp } from "./saved-app.ts";
import type { Tool } from "./tool.ts";

/** The App settings fields v4 keeps on a tool rather than on the app (texts, steps, examples, call to action). */
export const TOOL_SETTING_KEYS = Object.keys(appSettingsToolFieldsSchema.shape).filter(
  (key) => key !== "header" && key !== "description",
) as (keyof Tool & keyof AppSettings)[];
const TOOL_KEYS = TOOL_SETTING_KEYS;

/**
 * The saved app after a settings call (POST /api/apps/{id}/settings {appSettings}), as
 * v4 stores it: header and description go to the app, the texts, steps, examples and call
 * to action to the tool `toolId` (default: the first, a single tool's one), everything
 * else to `settings`. The access token is not stored here: the caller keeps it apart and
 * sets paidMembershipsSettings.hasPaymentProviderAccessToken. Validate the result with
 * validateSavedApp before storing it.
 */
export function applyAppSettings(
  app: SavedApp,
  patch: UpdateAppSettingsBody["appSettings"],
  toolId?: string,
): SavedApp {
  const { paymentProviderAccessToken: _token, header, description, ...rest } = patch;
  const settings: Record<string, unknown> = { ...app.settings };
  const toolPatch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    if ((TOOL_KEYS as string[]).includes(key)) toolPatch[key] = value;
    else settings[key] = value;
  }
  const index = toolId === undefined ? 0 : app.tools.findIndex((tool) => tool.toolId === toolId);
  const tools = app.tools.map((tool, at) => (at === index ? ({ ...tool, ...toolPatch } as Tool) : tool));
  return {
    ...app,
    ...(header === undefined ? {} : { header }),
    ...(description === undefined ? {} : { description }),
    tools,
    settings: settings as SavedApp["settings"],
  };
}

/** The settings panel's view of an app: its settings with the texts of `toolId` (default: the first tool). */
export function appSettingsView(app: SavedApp, toolId?: string): AppSettings | null {
  const tool =
    toolId === undefined ? app.tools[0] : app.tools.find((candidate) => candidate.toolId === toolId);
  if (!tool) return null;
  const texts = Object.fromEntries(TOOL_KEYS.map((key) => [key, tool[key]]));
  return { ...app.settings, ...texts, header: app.header, description: app.description } as AppSettings;
}
