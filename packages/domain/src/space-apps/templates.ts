import { z } from "zod";
import { entitySchemaSchema } from "../entities/entity-schema.ts";

/** A template id: the folder name under templates/ (kebab-case). */
export const TEMPLATE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const templateIdSchema = z.string().regex(TEMPLATE_ID_PATTERN, "Template not found");

/** Sample rows are capped so a template stays a starting point, not a data dump. */
export const TEMPLATE_RECORDS_MAX = 200;

/**
 * templates/<id>/template.json: what a template ships besides its source files. Entities
 * are created in order with their sample records (owned by whoever uses the template).
 */
export const templateManifestSchema = z.object({
  id: z.string().regex(TEMPLATE_ID_PATTERN),
  name: z.string().min(1).max(80),
  description: z.string().min(1).max(500),
  category: z.string().min(1).max(40),
  mainPage: z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  entities: z.array(
    z.object({
      name: z.string(),
      schema: entitySchemaSchema,
      records: z.array(z.record(z.string(), z.unknown())).max(TEMPLATE_RECORDS_MAX).default([]),
    }),
  ),
  // Only what a template decides. Terms, privacy and support e-mail are the builder's own
  // (required by the settings panel when sign-up is on): a template never carries
  // placeholders for them into a published app, so such keys make the manifest invalid.
  settings: z.strictObject({
    isSignupEnabled: z.boolean(),
  }),
});
export type TemplateManifest = z.infer<typeof templateManifestSchema>;

/** One card of GET /api/templates. */
export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  accentColor: z.string(),
  /** GET /api/templates/{id}/image. */
  imageUrl: z.string(),
  /** Page names, main page first. */
  pages: z.array(z.string()),
  /** Entity names. */
  entities: z.array(z.string()),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListResponseSchema = z.array(templateSummarySchema);

/** POST /api/templates/{id}/use: the new space app, ready to open in the builder. */
export const useTemplateResponseSchema = z.object({ appId: z.string(), slug: z.string() });
export type UseTemplateResponse = z.infer<typeof useTemplateResponseSchema>;

/**
 * GET /api/apps/{appId}/template: whether "Use a template" may fill this app. True while its
 * draft holds no code or only the starter page it was created with.
 */
export const appTemplateStateSchema = z.object({ canUseTemplate: z.boolean() });
export type AppTemplateState = z.infer<typeof appTemplateStateSchema>;

/** POST /api/apps/{appId}/template: fill this (empty) app from a template. */
export const fillAppFromTemplateBodySchema = z.object({ templateId: templateIdSchema });

/** The new draft version holding the template's files, compiled. */
export const fillAppFromTemplateResponseSchema = z.object({
  versionId: z.string(),
  mainPage: z.string(),
});
export type FillAppFromTemplateResponse = z.infer<typeof fillAppFromTemplateResponseSchema>;

/** Refusal when the app already has code of its own (a template would replace it). */
export const APP_HAS_CODE_MESSAGE =
  "This app already has pages of its own, so a template would replace them. Start the template as a new app from Templates instead.";
