import { z } from "zod";
import { appKindSchema, appNameSchema } from "../contracts/apps.ts";
import { planIdSchema } from "../plans/plan-ids.ts";
import { appSettingsSchema } from "./app-settings.ts";
import { chatSettingsSchema, saveAppBodySchema, savedAppSchema } from "./saved-app.ts";

const messagesSchema = z.record(z.string(), z.string());

/** Which call wrote a saved version (shown in the builder's version list). */
export const SAVED_APP_VERSION_SOURCES = [
  "create",
  "save",
  "style",
  "settings",
  "restore",
  "chat",
  "data_items",
] as const;
export const savedAppVersionSourceSchema = z.enum(SAVED_APP_VERSION_SOURCES);
export type SavedAppVersionSource = z.infer<typeof savedAppVersionSourceSchema>;

/**
 * The builder's copy of a generated app or single tool: the document (upgraded to v4 on
 * read), its saved version number, the warnings that never refuse a save, and what the
 * settings rules need to know about the app.
 */
export const savedAppResponseSchema = z.object({
  appId: z.string(),
  /** The app's address segment: its end users' pages are /app/{slug}. */
  slug: z.string(),
  kind: z.enum(["generated", "tool"]),
  app: savedAppSchema,
  /** The saved version this document is (null: none kept); a save sends it back as baseVersion. */
  version: z.number().int().nullable(),
  /** The app owner's plan: the plan rules are the owner's, also when a platform admin edits. */
  ownerPlan: planIdSchema.nullable(),
  warnings: messagesSchema,
  status: z.enum(["draft", "published"]),
  publishedAt: z.string().nullable(),
  /** The published document differs from the saved one. */
  hasUnpublishedChanges: z.boolean(),
  /** Sign-up can be switched on: the app is published or has a custom domain (spec section 5). */
  canEnableSignup: z.boolean(),
  hasCustomDomain: z.boolean(),
});
export type SavedAppResponse = z.infer<typeof savedAppResponseSchema>;

export const savedAppVersionSchema = z.object({
  number: z.number().int(),
  source: savedAppVersionSourceSchema,
  createdAt: z.string(),
  /** Tool titles of that version, so the list says what it held. */
  toolTitles: z.array(z.string()),
});
export type SavedAppVersion = z.infer<typeof savedAppVersionSchema>;
export const savedAppVersionListSchema = z.object({ versions: z.array(savedAppVersionSchema) });

/** GET and POST /api/apps/{id}/settings of a generated app or single tool. */
export const generatedAppSettingsResponseSchema = z.object({
  appSettings: appSettingsSchema,
  canEnableSignup: z.boolean(),
  hasCustomDomain: z.boolean(),
});
export type GeneratedAppSettingsResponse = z.infer<typeof generatedAppSettingsResponseSchema>;

/** POST /api/apps/{appId}/chat/activate (spec section 7). */
export const chatActivateBodySchema = z.object({ isActive: z.boolean() });
export const chatActivateResponseSchema = z.object({
  chatAppId: z.string().nullable(),
  chatSettings: chatSettingsSchema,
  /** The saved version the switch made, for the editor's next save. */
  version: z.number().int().nullable(),
});

/**
 * POST /api/apps carries two calls (spec section 7): creating an app ({appType, name}) and
 * saving a generated app or single tool ({appType, genApp | app, appBuilderVersion, appId}).
 * A body with an appId is a save. One object rather than a union, so a bad field is named
 * in the 400 (a union failing on appType reports no path).
 */
export const postAppsBodySchema = z
  .object({
    appType: appKindSchema,
    name: appNameSchema.optional(),
    appId: saveAppBodySchema.shape.appId.optional(),
    appBuilderVersion: saveAppBodySchema.shape.appBuilderVersion,
    /** Ours: the version the builder edited; a save over a newer one is refused (409). */
    baseVersion: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
    genApp: saveAppBodySchema.shape.genApp,
    app: saveAppBodySchema.shape.app,
  })
  .superRefine((body, context) => {
    if (body.appId === undefined && body.name === undefined)
      context.addIssue({ code: "custom", path: ["name"], message: "App name cannot be empty" });
  });
export type PostAppsBody = z.infer<typeof postAppsBodySchema>;

/**
 * POST /api/apps/{id}/settings as routed: {appSettings} whose fields are checked by the
 * app's kind (updateSpaceAppSettingsBodySchema or updateAppSettingsBodySchema), so a bad
 * value gets its own message rather than a union's.
 */
export const appSettingsEnvelopeSchema = z.object({ appSettings: z.record(z.string(), z.unknown()) });
