import {
  type AppBuildResult,
  type AppDetails,
  type AppFilesBundle,
  type AppSummary,
  type AppTemplateState,
  appBuildResultSchema,
  appDetailsSchema,
  appFilesBundleSchema,
  appSummarySchema,
  appTemplateStateSchema,
  type FileChangeResult,
  type FillAppFromTemplateResponse,
  fileChangeResultSchema,
  fillAppFromTemplateResponseSchema,
  previewTokenResponseSchema,
  type SpaceAppSettings,
  type SpaceAppSettingsResponse,
  spaceAppSettingsResponseSchema,
  type UpdateAppDetailsBody,
} from "@liftoff/domain";
import { api } from "../../lib/api.ts";

/** The space-app routes the builder calls (apps/server/src/features/space-apps). */
const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

export const spaceAppApi = {
  app: (appId: string): Promise<AppSummary> => api.get(base(appId), appSummarySchema),
  files: (appId: string): Promise<AppFilesBundle> => api.get(`${base(appId)}/files`, appFilesBundleSchema),
  /** The compile result of a version, the draft by default. */
  build: (appId: string, versionId?: string): Promise<AppBuildResult> =>
    api.get(
      `${base(appId)}/build${versionId ? `?versionId=${encodeURIComponent(versionId)}` : ""}`,
      appBuildResultSchema,
    ),
  saveFile: (
    appId: string,
    file: { id: string; content: string },
    baseVersionId: string | null,
  ): Promise<FileChangeResult> =>
    api.post(`${base(appId)}/files/update`, { file, baseVersionId }, fileChangeResultSchema),
  deleteFile: (
    appId: string,
    body: {
      fileId: string;
      referencesToUpdate: { path: string; content: string }[];
      baseVersionId: string | null;
    },
  ): Promise<FileChangeResult> => api.post(`${base(appId)}/files/delete`, body, fileChangeResultSchema),
  /** Whether "Use a template" may fill this app (it has no code of its own yet). */
  templateState: (appId: string): Promise<AppTemplateState> =>
    api.get(`${base(appId)}/template`, appTemplateStateSchema),
  /** Fills this app from a template: a new draft version, compiled. */
  fillFromTemplate: (appId: string, templateId: string): Promise<FillAppFromTemplateResponse> =>
    api.post(`${base(appId)}/template`, { templateId }, fillAppFromTemplateResponseSchema),
  publish: (appId: string): Promise<AppSummary> => api.post(`${base(appId)}/publish`, {}, appSummarySchema),
  unpublish: (appId: string): Promise<AppSummary> =>
    api.post(`${base(appId)}/unpublish`, {}, appSummarySchema),
  previewToken: (appId: string) => api.post(`${base(appId)}/preview-token`, {}, previewTokenResponseSchema),
  settings: (appId: string): Promise<SpaceAppSettingsResponse> =>
    api.get(`${base(appId)}/settings`, spaceAppSettingsResponseSchema),
  saveSettings: (appId: string, appSettings: Partial<SpaceAppSettings>): Promise<SpaceAppSettingsResponse> =>
    api.post(`${base(appId)}/settings`, { appSettings }, spaceAppSettingsResponseSchema),
  details: (appId: string): Promise<AppDetails> => api.get(`${base(appId)}/details`, appDetailsSchema),
  saveDetails: (appId: string, body: UpdateAppDetailsBody): Promise<AppDetails> =>
    api.post(`${base(appId)}/details`, body, appDetailsSchema),
  setDomain: (appId: string, host: string | null): Promise<AppSummary> =>
    api.post(`${base(appId)}/domain`, { host }, appSummarySchema),
};
