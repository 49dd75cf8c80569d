import { z } from "zod";
import { AI_PROVIDERS, type AiConfig, DEFAULT_AI_MODELS, DEFAULT_AI_TEMPERATURE } from "./ai-config.ts";

/** The variables documented in .env.example and the README. */
export const AI_ENV_VARIABLES = [
  "AI_PROVIDER",
  "AI_BASE_URL",
  "AI_API_KEY",
  "AI_MODEL",
  "AI_TEMPERATURE",
  "AI_MAX_RETRIES",
] as const;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const aiEnvSchema = z
  .object({
    AI_PROVIDER: z.preprocess(
      blankToUndefined,
      z.enum(AI_PROVIDERS, { error: `must be one of: ${AI_PROVIDERS.join(", ")}` }).optional(),
    ),
    AI_BASE_URL: z.preprocess(blankToUndefined, z.url({ error: "must be a URL" }).optional()),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    AI_TEMPERATURE: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "must be a number" })
        .min(0, "must be between 0 and 2")
        .max(2, "must be between 0 and 2")
        .default(DEFAULT_AI_TEMPERATURE),
    ),
    AI_MAX_RETRIES: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: "must be a number" }).int().min(0).max(10).default(2),
    ),
  })
  .superRefine((env, ctx) => {
    const provider = resolveProvider(env);
    if (provider === "openai-compatible") {
      if (!env.AI_BASE_URL)
        ctx.addIssue({
          code: "custom",
          path: ["AI_BASE_URL"],
          message: "is required for AI_PROVIDER=openai-compatible (e.g. https://openrouter.ai/api/v1)",
        });
      if (!env.AI_MODEL)
        ctx.addIssue({
          code: "custom",
          path: ["AI_MODEL"],
          message: "is required for AI_PROVIDER=openai-compatible (the model id the server knows)",
        });
    } else if (provider && !env.AI_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_API_KEY"],
        message: `is required for AI_PROVIDER=${provider}`,
      });
    }
  });

type AiEnv = z.infer<typeof aiEnvSchema>;

/**
 * AI_PROVIDER may be left out when the rest says it: a base URL means an OpenAI-compatible
 * server (the common self-hosted case), a key alone means OpenAI.
 */
function resolveProvider(env: Pick<AiEnv, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">) {
  if (env.AI_PROVIDER) return env.AI_PROVIDER;
  if (env.AI_BASE_URL) return "openai-compatible";
  if (env.AI_API_KEY || env.AI_MODEL) return "openai";
  return undefined;
}

/**
 * The model configuration from the environment, or null when no AI variable is set (the
 * platform then runs without AI and callers say so). A half-configured provider throws with
 * one line per problem, so a typo fails at boot instead of on the first chat message.
 */
export function aiConfigFromEnv(env: Record<string, string | undefined>): AiConfig | null {
  const parsed = aiEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid AI configuration:\n${lines}`);
  }
  const e = parsed.data;
  const provider = resolveProvider(e);
  if (!provider) return null;
  const model = e.AI_MODEL ?? DEFAULT_AI_MODELS[provider as keyof typeof DEFAULT_AI_MODELS];
  return {
    provider,
    ...(e.AI_BASE_URL ? { baseURL: e.AI_BASE_URL.replace(/\/+$/, "") } : {}),
    ...(e.AI_API_KEY ? { apiKey: e.AI_API_KEY } : {}),
    model,
    temperature: e.AI_TEMPERATURE,
    maxRetries: e.AI_MAX_RETRIES,
  };
}
