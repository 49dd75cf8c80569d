import { AI_ENV_VARIABLES, type AiConfig, createModel, listModels, type ModelList } from "@liftoff/ai";
import { AppError } from "@liftoff/domain";
import type { LanguageModel } from "ai";
import { routeAiSdkWarnings } from "./route-ai-sdk-warnings.ts";

/** What the server's AI features use: the configured model, or a clear "not configured". */
export type AiService = {
  /** Null when no AI_* variable is set: the platform runs, AI features answer 503. */
  config: AiConfig | null;
  /** The model and its settings; throws the 503 of `notConfiguredError` without a model. */
  require(): { config: AiConfig; model: LanguageModel };
  /** The admin's model dropdown (GET {baseURL}/models, cached, static fallback). */
  listModels(): Promise<ModelList>;
};

export const NO_AI_MODEL_MESSAGE = `No AI model is configured on this server. Set ${AI_ENV_VARIABLES.slice(0, 4).join(", ")} (see .env.example) to enable AI features.`;

export function notConfiguredError(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", NO_AI_MODEL_MESSAGE, { reason: "ai_not_configured" });
}

/**
 * Built once at boot from the configuration. The model object is created once too: the AI
 * SDK's providers are stateless clients, so one serves every request.
 */
export function createAiService(config: AiConfig | null): AiService {
  routeAiSdkWarnings();
  const model = config ? createModel(config) : null;
  return {
    config,
    require() {
      if (!config || !model) throw notConfiguredError();
      return { config, model };
    },
    async listModels() {
      if (!config) throw notConfiguredError();
      return listModels(config);
    },
  };
}
