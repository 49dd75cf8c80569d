import { APICallError, type LanguageModelV3, type LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { LanguageModel } from "ai";
import type { TokenUsage } from "../chat/to-usage-record.ts";

export type RunTextResult = { text: string; finishReason: string; usage: TokenUsage };

/** A turn of a run's conversation: runs and the assistant speak in plain text only. */
export type RunTextMessage = { role: "user" | "assistant"; content: string };

/** The first wait before a retry of a refused call; each next one doubles (the SDK's own). */
const RETRY_FIRST_DELAY_MS = 2_000;
/** A provider's Retry-After is followed up to this long; beyond it, the doubling delay. */
const RETRY_AFTER_MAX_MS = 60_000;

/**
 * One streamed model call of a tool run or an assistant reply (the answer, a block's
 * retry, the follow-up suggestions): no tools, one step. Every text delta goes to `onText`
 * as it arrives; a provider error or an abort is thrown after the stream ends, with the
 * text so far lost to the caller only if it did not keep it from `onText`.
 *
 * It speaks to the provider's model directly (`doStream`, the AI SDK's provider layer)
 * rather than through `streamText`: a run needs none of streamText's steps, tools,
 * callbacks or stream transforms, and they cost 3.4 ms of CPU and 2 ms before the first
 * text of every call (measured with the same model and a local server; bench/runs). What
 * streamText would add that a run uses is kept here: the retries of a retryable provider
 * answer (429, 5xx) with a doubling delay or the provider's Retry-After, and the usage.
 */
export async function streamRunText(options: {
  model: LanguageModel;
  system: string;
  messages: readonly RunTextMessage[];
  temperature: number;
  maxRetries: number;
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<RunTextResult> {
  const model = providerModel(options.model);
  const prompt: LanguageModelV3Prompt = [
    { role: "system", content: options.system },
    ...options.messages.map((message) => ({
      role: message.role,
      content: [{ type: "text" as const, text: message.content }],
    })),
  ];
  const { stream } = await withRetries(options, () =>
    model.doStream({
      prompt,
      temperature: options.temperature,
      ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    }),
  );
  let text = "";
  let finishReason = "other";
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let failure: unknown = null;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case "text-delta":
          text += part.delta;
          options.onText?.(part.delta);
          break;
        case "finish":
          finishReason = part.finishReason.unified;
          usage = {
            inputTokens: part.usage.inputTokens.total ?? 0,
            outputTokens: part.usage.outputTokens.total ?? 0,
            cacheReadTokens: part.usage.inputTokens.cacheRead ?? 0,
            cacheWriteTokens: part.usage.inputTokens.cacheWrite ?? 0,
          };
          break;
        case "error":
          failure ??= part.error;
          break;
      }
    }
  } catch (error) {
    failure ??= error;
  } finally {
    reader.releaseLock();
  }
  if (options.abortSignal?.aborted) throw abortError();
  if (failure) throw failure;
  return { text, finishReason, usage };
}

function providerModel(model: LanguageModel): LanguageModelV3 {
  if (typeof model === "string" || model.specificationVersion !== "v3")
    throw new Error("streamRunText needs a provider's language model (specification v3)");
  return model;
}

/** The call, again after a retryable provider error, up to `maxRetries` more times. */
async function withRetries<T>(
  options: { maxRetries: number; abortSignal?: AbortSignal },
  call: () => PromiseLike<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (options.abortSignal?.aborted) throw abortError();
      if (attempt >= options.maxRetries || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await sleep(retryDelayMs(error, attempt), options.abortSignal);
    }
  }
}

function retryDelayMs(error: APICallError, attempt: number): number {
  const doubling = RETRY_FIRST_DELAY_MS * 2 ** attempt;
  const headers = error.responseHeaders ?? {};
  const ms = Number(headers["retry-after-ms"]);
  if (Number.isFinite(ms) && ms >= 0 && ms <= RETRY_AFTER_MAX_MS) return ms;
  const seconds = Number(headers["retry-after"]);
  if (Number.isFinite(seconds) && seconds >= 0 && seconds * 1000 <= RETRY_AFTER_MAX_MS) return seconds * 1000;
  return doubling;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortError(): Error {
  return Object.assign(new Error("The run was aborted"), { name: "AbortError" });
}
