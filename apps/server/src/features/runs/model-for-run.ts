import { type AiConfig, createModel } from "@liftoff/ai";
import type { LanguageModel } from "ai";
import type { AiService } from "../../ai/create-ai-service.ts";

const models = new Map<string, { config: AiConfig; model: LanguageModel }>();

/**
 * The model a tool runs on: the app's AI model (chosen by an admin from the provider's
 * list) on the platform's configured provider, or the provider's default model when the
 * app names none. Throws the 503 of an unconfigured server. Provider clients are stateless,
 * so one per (configuration, model) is kept; an admin changing the provider makes new keys.
 */
export function modelForRun(ai: AiService, aiModel: string): { config: AiConfig; model: LanguageModel } {
  const current = ai.require();
  const wanted = aiModel.trim();
  if (wanted === "" || wanted === current.config.model) return current;
  const config = { ...current.config, model: wanted };
  const key = JSON.stringify(config);
  let entry = models.get(key);
  if (!entry) {
    if (models.size > 100) models.clear();
    entry = { config, model: createModel(config) };
    models.set(key, entry);
  }
  return entry;
}
