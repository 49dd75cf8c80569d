import { z } from "zod";

/** Three kinds of app (spec section 1). */
export const APP_KINDS = ["generated", "space", "tool"] as const;
export const appKindSchema = z.enum(APP_KINDS);
export type AppKind = z.infer<typeof appKindSchema>;

export const APP_KIND_LABELS: Record<AppKind, string> = {
  generated: "Generated app",
  space: "Space app",
  tool: "Single tool",
};

export const appStatusSchema = z.enum(["draft", "published"]);
export type AppStatus = z.infer<typeof appStatusSchema>;

export const APP_NAME_MAX = 80;
export const appNameSchema = z
  .string()
  .trim()
  .min(1, "App name cannot be empty")
  .max(APP_NAME_MAX, `App name can be at most ${APP_NAME_MAX} characters`);

export const appSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: appKindSchema,
  slug: z.string(),
  status: appStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  // Space apps' publish state for the builder header (always sent by the server; optional
  // so older fixtures stay valid).
  draftVersionId: z.string().nullable().optional(),
  publishedVersionId: z.string().nullable().optional(),
  publishedAt: z.string().nullable().optional(),
  customHost: z.string().nullable().optional(),
});
export type AppSummary = z.infer<typeof appSummarySchema>;

export const createAppBodySchema = z.object({ appType: appKindSchema, name: appNameSchema });
export const renameAppBodySchema = z.object({ name: appNameSchema });
export const appListResponseSchema = z.object({ apps: z.array(appSummarySchema) });
