import { z } from "zod";
import { appSettingsToolFieldsSchema, savedAppSettingsSchema } from "./app-settings.ts";
import { appStyleSchema } from "./app-style.ts";
import { boundedText } from "./bounded-text.ts";
import { tooManyMessage } from "./generated-app-messages.ts";
import { APP_BUILDER_VERSION, SAVED_APP_LIMITS } from "./saved-app-limits.ts";
import { toolSchema } from "./tool.ts";

/**
 * Built-in options of a tool's answer page (issue 15, settings: 'Interactive Followups'
 * and 'Custom Fields'), kept in the spec's Saved app `features`. Ours: the spec lists
 * `features` without saying what it holds.
 */
export const APP_FEATURES = ["interactive_followups", "custom_fields"] as const;
export const appFeatureSchema = z.enum(APP_FEATURES);
export type AppFeature = z.infer<typeof appFeatureSchema>;

export const APP_FEATURE_LABELS: Record<AppFeature, string> = {
  interactive_followups: "Interactive Followups",
  custom_fields: "Custom Fields",
};

/** The chat assistant of a generated app (spec section 3): draft or active, and its app once made. */
export const chatSettingsSchema = z.object({
  status: z.enum(["active", "draft"]),
  chatAppId: z.string().max(64).nullable(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

/**
 * The saved document of a generated app or a single tool, version 4 (spec section 3
 * "Saved app"). The app carries its header, description, background, features, chat
 * assistant, style and settings; everything that belongs to one tool (gptPrompt, fields,
 * blocks, input steps, examples, input texts, call to action) lives on that tool, which
 * versions 1 to 3 kept at the top level for their one tool. A single tool is an app with
 * exactly one tool. Read older documents through upgradeSavedApp, never this schema.
 */
export const savedAppSchema = z.object({
  appBuilderVersion: z.literal(APP_BUILDER_VERSION),
  header: appSettingsToolFieldsSchema.shape.header,
  description: appSettingsToolFieldsSchema.shape.description,
  background: boundedText("Background", 2_000),
  features: z.array(appFeatureSchema).max(APP_FEATURES.length),
  tools: z
    .array(toolSchema)
    .max(SAVED_APP_LIMITS.maxTools, tooManyMessage("tools", SAVED_APP_LIMITS.maxTools)),
  chatSettings: chatSettingsSchema,
  style: appStyleSchema,
  settings: savedAppSettingsSchema,
});
export type SavedApp = z.infer<typeof savedAppSchema>;

/** Kinds of app that are saved in this format (spec section 1). */
export type SavedAppKind = "generated" | "tool";

/**
 * POST /api/apps (spec section 7): appType with genApp (a generated app) or app (a single
 * tool), the builder version and the app id. The documents are checked by
 * validateSavedApp, which gives the per-field messages of a 400.
 */
export const saveAppBodySchema = z.object({
  appId: z.string().min(1).max(64),
  appType: z.enum(["generated", "tool"]),
  appBuilderVersion: z.number().int().optional(),
  genApp: z.unknown().optional(),
  app: z.unknown().optional(),
});
export type SaveAppBody = z.infer<typeof saveAppBodySchema>;
