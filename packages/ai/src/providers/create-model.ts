import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiConfig } from "./ai-config.ts";

type FetchFunction = typeof globalThis.fetch;

/**
 * The AI SDK language model for a configuration. OpenAI goes through the chat-completions
 * API rather than the responses API, so a custom AI_BASE_URL (a proxy, a gateway, the test
 * fake) behaves the same as any OpenAI-compatible server.
 */
export function createModel(config: AiConfig, options: { fetch?: FetchFunction } = {}): LanguageModel {
  const { fetch } = options;
  switch (config.provider) {
    case "openai-compatible": {
      if (!config.baseURL) throw new Error("An openai-compatible provider needs a base URL");
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: config.baseURL,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        // Token counts arrive in the final stream chunk only when asked for.
        includeUsage: true,
        ...(fetch ? { fetch } : {}),
      });
      return provider.chatModel(config.model);
    }
    case "openai": {
      const provider = createOpenAI({
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(config.baseURL ? { baseURL: config.baseURL } : {}),
        ...(fetch ? { fetch } : {}),
      });
      return provider.chat(config.model);
    }
    case "anthropic": {
      const provider = createAnthropic({
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(config.baseURL ? { baseURL: config.baseURL } : {}),
        ...(fetch ? { fetch } : {}),
      });
      return provider.languageModel(config.model);
    }
  }
}
