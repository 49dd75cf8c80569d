import type { Database } from "@liftoff/db";
import {
  AppError,
  applyAppSettings,
  appSettingsView,
  canEditAppSettings,
  emptyTool,
  type GeneratedAppSettingsResponse,
  type SavedApp,
  type SavedAppResponse,
  SETTINGS_NEED_UPGRADE_MESSAGE,
  TOOL_SETTING_KEYS,
  updateAppSettingsBodySchema,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { createSecretBox } from "../../ai/secret-box.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { commitSavedApp } from "./commit-saved-app.ts";
import { readSavedApp, savedAppKind } from "./read-saved-app.ts";

const TOOL_SETTING_KEY_SET: ReadonlySet<string> = new Set(TOOL_SETTING_KEYS);

function toSettingsResponse(
  app: SavedApp,
  state: Pick<SavedAppResponse, "canEnableSignup" | "hasCustomDomain">,
  toolId?: string,
): GeneratedAppSettingsResponse {
  // A generated app with no tool yet shows the texts a new tool starts with.
  const viewed =
    app.tools.length === 0 ? { ...app, tools: [emptyTool({ toolId: "new", path: "tool" })] } : app;
  const appSettings = appSettingsView(
    viewed,
    toolId === undefined || app.tools.length === 0 ? undefined : toolId,
  );
  if (!appSettings) throw new AppError("NOT_FOUND", "Tool not found");
  return { appSettings, canEnableSignup: state.canEnableSignup, hasCustomDomain: state.hasCustomDomain };
}

/** GET /api/apps/{id}/settings of a generated app or single tool (the texts of `toolId`, default the first tool). */
export function getGeneratedAppSettings(managed: ManagedApp, toolId?: string): GeneratedAppSettingsResponse {
  const row = managed.app;
  return toSettingsResponse(
    readSavedApp(row),
    {
      canEnableSignup: row.status === "published" || row.customHost !== null,
      hasCustomDomain: row.customHost !== null,
    },
    toolId,
  );
}

/**
 * POST /api/apps/{id}/settings {appSettings} of a generated app or single tool: only the
 * fields given change, and the result must pass every rule of the saved app (ranges,
 * admin-only and plan-gated settings, sign-up). The payment provider's access token is
 * kept apart from the document and never sent back; the settings only say one is stored.
 */
export async function updateGeneratedAppSettings(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  body: unknown;
  toolId?: string;
  /** The platform's secret: the payment token is sealed with it (ai/secret-box.ts), as the admin's AI key is. */
  authSecret: string;
}): Promise<GeneratedAppSettingsResponse> {
  const { managed } = options;
  const { appSettings: patch } = updateAppSettingsBodySchema.parse(options.body);
  const token = patch.paymentProviderAccessToken;
  // The token is a setting like the others: only a builder who may edit settings stores one.
  if (
    token !== undefined &&
    !canEditAppSettings({
      kind: savedAppKind(managed.app),
      plan: managed.ownerPlan,
      isAdmin: managed.isPlatformAdmin,
    })
  )
    throw new AppError("VALIDATION_FAILED", SETTINGS_NEED_UPGRADE_MESSAGE, {
      fields: [{ path: "appSettings.paymentProviderAccessToken", message: SETTINGS_NEED_UPGRADE_MESSAGE }],
      reason: "default",
    });
  const saved = await commitSavedApp({
    db: options.db,
    managed,
    source: "settings",
    next: (previous) => {
      if (options.toolId !== undefined && !previous.tools.some((tool) => tool.toolId === options.toolId))
        throw new AppError("NOT_FOUND", "Tool not found");
      const toolKeys = Object.keys(patch).filter((key) => TOOL_SETTING_KEY_SET.has(key));
      if (previous.tools.length === 0 && toolKeys.length > 0)
        throw new AppError("BAD_REQUEST", "Add a tool before setting its texts", {
          fields: toolKeys.map((key) => ({ path: `appSettings.${key}`, message: "Add a tool first" })),
        });
      return applyAppSettings(previous, patch, options.toolId);
    },
    // "" clears the stored token; anything else is kept sealed, never in the document.
    ...(token === undefined
      ? {}
      : {
          secrets: {
            paymentProviderAccessToken: token === "" ? "" : createSecretBox(options.authSecret).seal(token),
          },
        }),
  });
  return toSettingsResponse(saved.app, saved, options.toolId);
}
