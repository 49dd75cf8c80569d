import { generateText, type LanguageModel } from "ai";
import { tokenUsageOf } from "./stream-builder-turn.ts";
import type { TokenUsage } from "./to-usage-record.ts";

export type RepairIssue = { fileId: string | null; line: number | null; message: string };

/**
 * The one bounded model round of validate-repair: the builder's system prompt (with the
 * app summary), the issues the validators could not fix, and a request for actions that
 * fix exactly those. The answer is parsed and applied like any assistant reply.
 */
export async function requestRepair(options: {
  model: LanguageModel;
  system: string;
  temperature: number;
  maxRetries: number;
  issues: readonly RepairIssue[];
  abortSignal?: AbortSignal;
}): Promise<{ text: string; usage: TokenUsage }> {
  const list = options.issues
    .map((i) => `- ${i.fileId ?? "app"}${i.line ? `:${i.line}` : ""}: ${i.message}`)
    .join("\n");
  const result = await generateText({
    model: options.model,
    system: options.system,
    temperature: Math.min(options.temperature, 0.3),
    maxRetries: options.maxRetries,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    prompt: `The app has these problems:\n${list}\n\nFix exactly these problems with edit_file (or add_file) actions. Change nothing else. Keep the prose to one sentence.`,
  });
  return { text: result.text, usage: tokenUsageOf(result.totalUsage) };
}
