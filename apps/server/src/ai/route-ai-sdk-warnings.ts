import { log } from "../log.ts";

/**
 * The AI SDK prints its warnings (a provider not supporting a setting, such as JSON
 * schema output on an OpenAI-compatible server, which then gets JSON mode) with
 * console.warn on every call. They are expected and say nothing actionable per request,
 * so they go to the server log at debug level instead.
 */
export function routeAiSdkWarnings(): void {
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    for (const warning of warnings)
      log.debug("AI SDK warning", { provider, model, warning: JSON.stringify(warning) });
  };
}
