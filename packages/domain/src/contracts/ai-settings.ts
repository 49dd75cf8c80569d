import { z } from "zod";

/** The model providers the platform speaks to (packages/ai builds them). */
export const AI_PROVIDER_IDS = ["openai-compatible", "openai", "anthropic"] as const;
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number];

export const AI_PROVIDER_LABELS: Record<AiProviderId, string> = {
  "openai-compatible": "OpenAI-compatible",
  openai: "OpenAI",
  anthropic: "Anthropic",
};

/**
 * GET /api/admin/ai-settings: the model configuration in force and where it comes from —
 * the admin's override, the environment, or nothing (AI features say so). The API key is
 * never sent back, only whether one is stored.
 */
export const aiSettingsResponseSchema = z.object({
  source: z.enum(["admin", "env", "none"]),
  provider: z.enum(AI_PROVIDER_IDS).nullable(),
  baseURL: z.string().nullable(),
  model: z.string().nullable(),
  temperature: z.number(),
  hasApiKey: z.boolean(),
  /** The environment configures a model too (what "Use environment settings" returns to). */
  envConfigured: z.boolean(),
});
export type AiSettingsResponse = z.infer<typeof aiSettingsResponseSchema>;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** PUT /api/admin/ai-settings. An omitted apiKey keeps the stored one. */
export const updateAiSettingsBodySchema = z
  .object({
    provider: z.enum(AI_PROVIDER_IDS),
    baseURL: z.preprocess(
      blankToUndefined,
      z.url("Enter a URL like https://openrouter.ai/api/v1").optional(),
    ),
    apiKey: z.preprocess(blankToUndefined, z.string().max(500).optional()),
    model: z.string().trim().min(1, "Choose a model").max(200),
    temperature: z.number().min(0, "Between 0 and 2").max(2, "Between 0 and 2"),
  })
  .superRefine((body, ctx) => {
    if (body.provider === "openai-compatible" && !body.baseURL)
      ctx.addIssue({
        code: "custom",
        path: ["baseURL"],
        message: "An OpenAI-compatible provider needs its base URL",
      });
  });
export type UpdateAiSettingsBody = z.infer<typeof updateAiSettingsBodySchema>;

/** GET /api/admin/ai-models: the provider's models for the admin's model dropdown. */
export const aiModelListResponseSchema = z.object({
  models: z.array(z.object({ id: z.string(), name: z.string() })),
  source: z.enum(["provider", "fallback"]),
});
export type AiModelListResponse = z.infer<typeof aiModelListResponseSchema>;

/** GET /api/admin/ai-local-servers: model servers found on the platform's machine. */
export const localModelServersResponseSchema = z.object({
  servers: z.array(
    z.object({ id: z.string(), name: z.string(), baseURL: z.string(), models: z.array(z.string()) }),
  ),
});
export type LocalModelServersResponse = z.infer<typeof localModelServersResponseSchema>;

/** POST /api/admin/ai-settings/test: one real round trip with the settings in the form. */
export const aiConnectionTestResponseSchema = z.object({
  model: z.string(),
  latencyMs: z.number(),
  reply: z.string(),
});
export type AiConnectionTestResponse = z.infer<typeof aiConnectionTestResponseSchema>;
