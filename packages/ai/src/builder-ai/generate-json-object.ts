import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from "ai";
import type { z } from "zod";
import { InvalidModelOutputError } from "../providers/describe-ai-error.ts";

export type BuilderAiModel = { model: LanguageModel; maxRetries: number; abortSignal?: AbortSignal };

/**
 * One structured-output call (JSON schema where the provider supports it, JSON mode
 * otherwise) whose answer is returned as plain JSON for a loose normaliser to read. The
 * schema tells the model the shape; an answer that misses it a little (a key left out, a
 * number as text, a fence around it) is still taken as long as it is a JSON object, since
 * the builder's normalisers repair far more than a schema check would forgive.
 * Throws InvalidModelOutputError when there is no JSON object to read.
 */
export async function generateJsonObject(
  ai: BuilderAiModel,
  request: { system: string; prompt: string; schema: z.ZodType; name: string; temperature: number },
): Promise<Record<string, unknown>> {
  try {
    const result = await generateText({
      model: ai.model,
      system: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: request.schema, name: request.name }),
      temperature: request.temperature,
      maxRetries: ai.maxRetries,
      ...(ai.abortSignal ? { abortSignal: ai.abortSignal } : {}),
    });
    return asObject(result.output);
  } catch (error) {
    if (!NoObjectGeneratedError.isInstance(error)) throw error;
    return salvageJsonObject(error.text);
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw new InvalidModelOutputError("the model did not answer with a JSON object");
}

/** The outermost {…} of a fenced or chatty answer, when it parses as an object. */
function salvageJsonObject(text: string | undefined): Record<string, unknown> {
  const start = text?.indexOf("{") ?? -1;
  const end = text?.lastIndexOf("}") ?? -1;
  if (text && start !== -1 && end > start) {
    try {
      return asObject(JSON.parse(text.slice(start, end + 1)));
    } catch {
      // not JSON: reported below
    }
  }
  throw new InvalidModelOutputError("the model did not answer with a JSON object");
}
