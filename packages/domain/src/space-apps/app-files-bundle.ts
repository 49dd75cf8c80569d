import { z } from "zod";
import { entitySchemaSchema } from "../entities/entity-schema.ts";
import { APP_FILE_CONTENT_MAX, appFileIdSchema } from "./app-file-id.ts";

/** One source file of a space app. `name` is the file's base name without extension. */
export const appFileSchema = z.object({ id: z.string(), name: z.string(), content: z.string() });
export type AppFile = z.infer<typeof appFileSchema>;

/**
 * The App files bundle of spec section 3: what the code editor loads and the assistant
 * reads. `entities` maps an entity name to its schema (read-only here).
 */
export const appFilesBundleSchema = z.object({
  id: z.string(),
  versionId: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  layout: appFileSchema.nullable(),
  globals_css: appFileSchema.nullable(),
  pages: z.array(appFileSchema),
  components: z.array(appFileSchema),
  services: z.array(appFileSchema),
  entities: z.record(z.string(), z.object({ schema: entitySchemaSchema })),
  user_entity: entitySchemaSchema.nullable(),
  mainPage: z.string().nullable(),
});
export type AppFilesBundle = z.infer<typeof appFilesBundleSchema>;

const fileContentSchema = z
  .string()
  .max(APP_FILE_CONTENT_MAX, `A file can be at most ${APP_FILE_CONTENT_MAX} characters`);

/**
 * POST /api/apps/{appId}/files/update. `baseVersionId` is the draft the editor started
 * from: a save based on an older draft answers 409 CONFLICT instead of overwriting.
 * A new id creates the file.
 */
export const updateAppFileBodySchema = z.object({
  file: z.object({ id: appFileIdSchema, content: fileContentSchema }),
  baseVersionId: z.string().max(100).nullable().optional(),
});
export type UpdateAppFileBody = z.infer<typeof updateAppFileBodySchema>;

/** POST /api/apps/{appId}/files/delete: deletes a file and rewrites the files that imported it. */
export const deleteAppFileBodySchema = z.object({
  fileId: appFileIdSchema,
  referencesToUpdate: z
    .array(z.object({ path: appFileIdSchema, content: fileContentSchema }))
    .max(100)
    .default([]),
  baseVersionId: z.string().max(100).nullable().optional(),
});
export type DeleteAppFileBody = z.infer<typeof deleteAppFileBodySchema>;

/** A compile diagnostic: where (file id, 1-based line and column) and what. */
export const diagnosticSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  message: z.string(),
  severity: z.enum(["error", "warning"]),
  detectorId: z.string().optional(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

/** Answer of a files change: the new draft version and its compile result. */
export const fileChangeResultSchema = z.object({
  versionId: z.string(),
  compile: z.object({ ok: z.boolean(), diagnostics: z.array(diagnosticSchema) }),
});
export type FileChangeResult = z.infer<typeof fileChangeResultSchema>;
