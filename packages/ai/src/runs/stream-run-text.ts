import { type LanguageModel, type ModelMessage, streamText } from "ai";
import { tokenUsageOf } from "../chat/stream-builder-turn.ts";
import type { TokenUsage } from "../chat/to-usage-record.ts";

export type RunTextResult = { text: string; finishReason: string; usage: TokenUsage };

/**
 * One streamed model call of a tool run (the answer, a block's retry, the follow-up
 * suggestions): no tools, one step. Every text delta goes to `onText` as it arrives; a
 * provider error or an abort is thrown after the stream ends, with the text so far lost to
 * the caller only if it did not keep it from `onText`.
 */
export async function streamRunText(options: {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  temperature: number;
  maxRetries: number;
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<RunTextResult> {
  const result = streamText({
    model: options.model,
    system: options.system,
    messages: options.messages,
    temperature: options.temperature,
    maxRetries: options.maxRetries,
    ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
    // Errors arrive as stream parts and are thrown below; the SDK's default prints them.
    onError: () => {},
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });
  let text = "";
  let finishReason = "other";
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let failure: unknown = null;
  for await (const part of result.fullStream) {
    switch (part.type) {
      case "text-delta":
        text += part.text;
        options.onText?.(part.text);
        break;
      case "finish":
        finishReason = part.finishReason;
        usage = tokenUsageOf(part.totalUsage);
        break;
      case "error":
        failure = part.error;
        break;
      case "abort":
        failure = Object.assign(new Error("The run was aborted"), { name: "AbortError" });
        break;
    }
  }
  if (failure) throw failure;
  return { text, finishReason, usage };
}
