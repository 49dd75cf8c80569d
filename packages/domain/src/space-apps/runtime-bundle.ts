import { z } from "zod";
import { entitySchemaSchema } from "../entities/entity-schema.ts";

/**
 * GET /runtime/bundle?appId= (or slug=): what the runtime host and frame need to start an
 * app. Asset URLs are absolute paths on the platform origin; they are content-hashed and
 * served with immutable caching.
 */
export const runtimeBundleSchema = z.object({
  app: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    mainPage: z.string().nullable(),
    isSignupEnabled: z.boolean(),
    termsOfServiceLink: z.string(),
    privacyPolicyLink: z.string(),
    supportEmail: z.string(),
    showWatermark: z.boolean(),
  }),
  versionId: z.string(),
  /** Which version was served: the published one, or the draft for an admin's preview. */
  channel: z.enum(["published", "draft"]),
  /**
   * For a version that is not the published one (an admin's draft): the frame grant its
   * frame URL needs (`appFrameSrc`), since GET /runtime/frame serves drafts only with it.
   */
  frameGrant: z.string().optional(),
  assets: z.object({ js: z.string().nullable(), css: z.string().nullable() }),
  pages: z.array(z.string()),
  entities: z.record(z.string(), z.object({ schema: entitySchemaSchema })),
  user_entity: entitySchemaSchema.nullable(),
  installed_packages: z.array(
    z.object({ package_name: z.string(), instance_id: z.string(), endpoints: z.array(z.string()) }),
  ),
  /** The blocking compile errors of this version (the app does not start when there are any); warnings never reach visitors (see build-rules.ts). */
  diagnostics: z.array(
    z.object({ file: z.string(), line: z.number(), column: z.number(), message: z.string() }),
  ),
});
export type RuntimeBundle = z.infer<typeof runtimeBundleSchema>;
