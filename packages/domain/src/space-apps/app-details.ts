import { z } from "zod";
import { appNameSchema } from "../contracts/apps.ts";
import { diagnosticSchema } from "./app-files-bundle.ts";

/** App details panel (spec section 2): name, slug, description, icon. */
export const APP_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const APP_SLUG_MESSAGE = "Slug can contain only lowercase letters, digits and dashes";
export const APP_SLUG_TAKEN_MESSAGE = "This slug is already taken";

export const appSlugSchema = z
  .string()
  .trim()
  .min(3, "Slug must be at least 3 characters")
  .max(60, "Slug can be at most 60 characters")
  .regex(APP_SLUG_PATTERN, APP_SLUG_MESSAGE);

export const updateAppDetailsBodySchema = z.object({
  name: appNameSchema,
  slug: appSlugSchema,
  description: z.string().trim().max(1000, "Description can be at most 1000 characters").default(""),
  icon: z.string().trim().max(2000, "Icon can be at most 2000 characters").nullable().default(null),
});
export type UpdateAppDetailsBody = z.infer<typeof updateAppDetailsBodySchema>;

export const appDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
});
export type AppDetails = z.infer<typeof appDetailsSchema>;

/** A host name a custom domain may use: labels of letters, digits and dashes, at least one dot. */
export const CUSTOM_HOST_PATTERN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const CUSTOM_HOST_MESSAGE = "Enter a domain name like app.example.com";
export const CUSTOM_HOST_TAKEN_MESSAGE = "This domain is already used by another app";

export const setCustomHostBodySchema = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, CUSTOM_HOST_MESSAGE)
    .regex(CUSTOM_HOST_PATTERN, CUSTOM_HOST_MESSAGE)
    .nullable(),
});

export const previewTokenResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** What the preview frame's URL carries to open drafts (GET /runtime/frame `grant`). */
  frameGrant: z.string(),
});

/** One entry of GET /api/apps/{appId}/versions, newest first. */
export const appVersionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  source: z.string(),
  createdAt: z.string(),
  /** null when the version has not been compiled yet. */
  buildOk: z.boolean().nullable(),
  isDraft: z.boolean(),
  isPublished: z.boolean(),
});
export type AppVersionSummary = z.infer<typeof appVersionSummarySchema>;
export const appVersionListSchema = z.object({ versions: z.array(appVersionSummarySchema) });

/** GET /api/apps/{appId}/build: the compile result of one version. */
export const appBuildResultSchema = z.object({
  versionId: z.string().nullable(),
  ok: z.boolean(),
  diagnostics: z.array(diagnosticSchema),
  pages: z.array(z.string()),
});
export type AppBuildResult = z.infer<typeof appBuildResultSchema>;

/** Publish state of an app, as the builder header shows it. */
export const appPublishStateSchema = z.object({
  status: z.enum(["draft", "published"]),
  draftVersionId: z.string().nullable(),
  publishedVersionId: z.string().nullable(),
  publishedAt: z.string().nullable(),
  customHost: z.string().nullable(),
});
export type AppPublishState = z.infer<typeof appPublishStateSchema>;
