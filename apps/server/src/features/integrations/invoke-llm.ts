import { AppError, INTEGRATION_MESSAGES, invokeLlmParamsSchema } from "@liftoff/domain";
import { generateText, type JSONSchema7, jsonSchema, Output } from "ai";
import { aiFailureToAppError } from "../../ai/ai-failure-to-app-error.ts";
import type { Deps } from "../../http/app-env.ts";
import type { IntegrationParams } from "./read-integration-params.ts";

/** A single answer, not a conversation: long enough for a page of text, short of a hung request. */
const INVOKE_TIMEOUT_MS = 120_000;

/**
 * InvokeLLM through the platform's configured model: `{prompt}` answers the text,
 * `{prompt, response_json_schema}` answers an object of that schema. Without a model it is
 * a 503 the app can show; provider failures are 503s too (never a 500). `file_urls` are
 * refused rather than ignored (the model would answer without having read them);
 * `add_context_from_internet` is accepted and has no effect (no search tool is wired).
 */
export async function invokeLlm(deps: Pick<Deps, "ai">, input: IntegrationParams): Promise<unknown> {
  if (!deps.ai.config) throw new AppError("SERVICE_UNAVAILABLE", INTEGRATION_MESSAGES.noAiModel);
  const params = invokeLlmParamsSchema.parse(input);
  const files = params.file_urls;
  if (files && (typeof files === "string" || files.length > 0))
    throw new AppError("BAD_REQUEST", INTEGRATION_MESSAGES.invokeLlmFiles);
  const { config, model } = deps.ai.require();
  const common = {
    model,
    prompt: params.prompt,
    temperature: config.temperature,
    maxRetries: config.maxRetries,
    abortSignal: AbortSignal.timeout(INVOKE_TIMEOUT_MS),
  };
  try {
    if (params.response_json_schema) {
      const schema = jsonSchema(params.response_json_schema as JSONSchema7);
      const result = await generateText({ ...common, output: Output.object({ schema, name: "response" }) });
      return result.output;
    }
    return (await generateText(common)).text;
  } catch (error) {
    throw aiFailureToAppError(error, "InvokeLLM");
  }
}
