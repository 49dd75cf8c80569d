import {
  type AppSummary,
  appSummarySchema,
  chatActivateResponseSchema,
  type SavedApp,
  type SavedAppResponse,
  type SavedAppVersion,
  savedAppResponseSchema,
  savedAppVersionListSchema,
  type ToolRunSummary,
  toolRunListSchema,
} from "@liftoff/domain";
import { api } from "../../lib/api.ts";

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

/** The calls of the generated-app and single-tool builder (apps/server/src/features/generated-apps). */
export const savedAppApi = {
  load: (appId: string): Promise<SavedAppResponse> =>
    api.get(`${base(appId)}/saved-app`, savedAppResponseSchema),
  /** POST /api/apps (spec section 7): a generated app goes as genApp, a single tool as app. */
  /** `baseVersion`: the version this document was edited from (a newer stored one answers 409). */
  save: (
    appId: string,
    kind: "generated" | "tool",
    app: SavedApp,
    baseVersion: number | null,
  ): Promise<SavedAppResponse> =>
    api.post(
      "/api/apps",
      {
        appId,
        appType: kind,
        appBuilderVersion: app.appBuilderVersion,
        baseVersion,
        ...(kind === "generated" ? { genApp: app } : { app }),
      },
      savedAppResponseSchema,
    ),
  versions: async (appId: string): Promise<SavedAppVersion[]> =>
    (await api.get(`${base(appId)}/saved-app/versions`, savedAppVersionListSchema)).versions,
  restore: (appId: string, number: number): Promise<SavedAppResponse> =>
    api.post(`${base(appId)}/saved-app/versions/${number}/restore`, undefined, savedAppResponseSchema),
  publish: (appId: string): Promise<AppSummary> =>
    api.post(`${base(appId)}/publish`, undefined, appSummarySchema),
  unpublish: (appId: string): Promise<AppSummary> =>
    api.post(`${base(appId)}/unpublish`, undefined, appSummarySchema),
  /** The app's latest runs, newest first (issue 16: run history). */
  runs: async (appId: string, limit: number): Promise<ToolRunSummary[]> =>
    (await api.get(`${base(appId)}/runs?limit=${limit}`, toolRunListSchema)).runs,
  activateChat: (appId: string, isActive: boolean) =>
    api.post(`${base(appId)}/chat/activate`, { isActive }, chatActivateResponseSchema),
};
