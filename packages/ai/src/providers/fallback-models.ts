import type { AiProvider } from "./ai-config.ts";

/**
 * Shown in the admin's model dropdown when the provider's models endpoint cannot be read
 * (offline, no permission, an OpenAI-compatible server without /models). The configured
 * model is always added in front, so the list is never missing what is in use.
 */
export const FALLBACK_MODELS: Record<AiProvider, readonly string[]> = {
  openai: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1", "o4-mini"],
  anthropic: ["claude-haiku-4-5", "claude-sonnet-4-5", "claude-opus-4-1"],
  "openai-compatible": [],
};
