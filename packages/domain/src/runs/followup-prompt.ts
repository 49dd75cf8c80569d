import { quoteUserValue } from "./quote-user-value.ts";

/** Longest follow-up an end user may send (ours). */
export const FOLLOWUP_MAX_LENGTH = 2_000;

/**
 * The user message that continues a run ('Interactive Followups'): the conversation keeps
 * the first prompt and the answer; this asks for the whole answer again, changed as the
 * end user asks. The request is quoted like every end-user value (quoteUserValue), so it
 * cannot open or close a block or pass for a rule of the prompt.
 */
export function followupPrompt(request: string): string {
  return [
    "The user asks to continue from your answer. Their request, as data:",
    quoteUserValue(request),
    "Write the whole answer again with this request applied, with exactly the same blocks, in the same order and format.",
  ].join("\n");
}
