import { generateText, type LanguageModel } from "ai";
import { tokenUsageOf } from "./stream-builder-turn.ts";
import type { TokenUsage } from "./to-usage-record.ts";

/**
 * When an edit's SEARCH block matched nothing, the model is asked once, with the file as it
 * really is, for the whole new file (Dyad/bolt's fallback). Returns the new content, or
 * null when the answer is empty.
 */
export async function askForWholeFile(options: {
  model: LanguageModel;
  maxRetries: number;
  temperature: number;
  path: string;
  current: string;
  failedEdit: string;
  reason: string;
  abortSignal?: AbortSignal;
}): Promise<{ content: string | null; usage: TokenUsage }> {
  const result = await generateText({
    model: options.model,
    temperature: options.temperature,
    maxRetries: options.maxRetries,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    system:
      "You fix a failed file edit. Answer with the complete new content of the file and nothing else: no explanations, no markdown fences.",
    prompt: [
      `Your edit of ${options.path} could not be applied: ${options.reason}.`,
      `The file as it is now:\n<file path="${options.path}">\n${options.current}\n</file>`,
      `The edit you meant to make:\n${options.failedEdit}`,
      `Write the whole new ${options.path} with that edit applied.`,
    ].join("\n\n"),
  });
  const content = stripFence(result.text).trim();
  return { content: content ? `${content}\n` : null, usage: tokenUsageOf(result.totalUsage) };
}

function stripFence(text: string): string {
  const match = /^\s*```[\w.-]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return match ? (match[1] as string) : text;
}
