import { generateText } from "ai";
import type { AiConfig } from "./ai-config.ts";
import { createModel } from "./create-model.ts";

export const CONNECTION_TEST_PROMPT = "Reply with one short friendly sentence confirming you are ready.";
const TEST_TIMEOUT_MS = 30_000;

/**
 * One real round trip to a model configuration, for Admin → AI model's "Test connection":
 * a tiny prompt, no retries (the admin wants the first answer, not three), and how long it
 * took. Failures throw the provider's error for the caller to describe.
 */
export async function testModelConnection(
  config: AiConfig,
  options: { fetch?: typeof globalThis.fetch } = {},
): Promise<{ latencyMs: number; reply: string }> {
  const model = createModel(config, options.fetch ? { fetch: options.fetch } : {});
  const started = performance.now();
  const result = await generateText({
    model,
    prompt: CONNECTION_TEST_PROMPT,
    temperature: config.temperature,
    maxOutputTokens: 60,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
  });
  return { latencyMs: Math.round(performance.now() - started), reply: result.text.trim().slice(0, 500) };
}
