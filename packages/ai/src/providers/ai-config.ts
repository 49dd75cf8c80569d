import { AI_PROVIDER_IDS } from "@liftoff/domain";
import { z } from "zod";

/** The model providers the platform speaks to through the AI SDK (the list lives in domain). */
export const AI_PROVIDERS = AI_PROVIDER_IDS;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** Spec section 9: the assistant's sampling temperature unless configured otherwise. */
export const DEFAULT_AI_TEMPERATURE = 0.7;

/** Small general-purpose models: cheap enough to be a sane default for every call. */
export const DEFAULT_AI_MODELS: Record<Exclude<AiProvider, "openai-compatible">, string> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-haiku-4-5",
};

export const aiConfigSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  /** Without it the official endpoint of the provider; required for openai-compatible. */
  baseURL: z.url().optional(),
  apiKey: z.string().min(1).optional(),
  model: z.string().min(1).max(200),
  temperature: z.number().min(0).max(2),
  /** How often the AI SDK retries a 429/5xx before giving up (it honours Retry-After). */
  maxRetries: z.number().int().min(0).max(10),
});

/** A fully resolved model configuration: every default applied, every rule checked. */
export type AiConfig = z.infer<typeof aiConfigSchema>;
