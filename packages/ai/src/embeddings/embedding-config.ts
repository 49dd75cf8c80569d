import { z } from "zod";
import type { AiConfig } from "../providers/ai-config.ts";

/** An OpenAI-compatible embeddings endpoint (POST {baseURL}/embeddings). */
export type EmbeddingConfig = { baseURL: string; apiKey?: string; model: string; maxRetries: number };

const envSchema = z.object({
  EMBEDDING_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDING_BASE_URL: z.url().optional(),
  EMBEDDING_API_KEY: z.string().min(1).optional(),
});

const OPENAI_BASE_URL = "https://api.openai.com/v1";

/**
 * Vectors for data sources are on when EMBEDDING_MODEL names a model. The endpoint is
 * EMBEDDING_BASE_URL, else the configured provider's own (an OpenAI-compatible server's
 * base URL, or OpenAI's); the key is EMBEDDING_API_KEY, else the provider's. Anthropic has
 * no embeddings endpoint, so with it EMBEDDING_BASE_URL is required.
 */
export function embeddingConfigFromEnv(
  env: Record<string, string | undefined>,
  ai: AiConfig | null,
): EmbeddingConfig | null {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid embedding configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (!e.EMBEDDING_MODEL) return null;
  const baseURL =
    e.EMBEDDING_BASE_URL ??
    (ai?.provider === "openai-compatible"
      ? ai.baseURL
      : ai?.provider === "openai"
        ? (ai.baseURL ?? OPENAI_BASE_URL)
        : undefined);
  if (!baseURL)
    throw new Error(
      "Invalid embedding configuration:\n  EMBEDDING_BASE_URL: required when the AI provider has no embeddings endpoint",
    );
  const apiKey = e.EMBEDDING_API_KEY ?? (e.EMBEDDING_BASE_URL ? undefined : ai?.apiKey);
  return {
    baseURL: baseURL.replace(/\/+$/, ""),
    ...(apiKey ? { apiKey } : {}),
    model: e.EMBEDDING_MODEL,
    maxRetries: ai?.maxRetries ?? 2,
  };
}
