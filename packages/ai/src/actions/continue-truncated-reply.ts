import { parseActionText } from "./parse-action-text.ts";

/**
 * Joins a reply that was cut off by the output-token limit with the model's continuation
 * (asked for with "Continue and repeat the last action if truncated"), so that parsing the
 * joined text completes the truncated action instead of duplicating it:
 * - when the continuation opens an action for the same file and type again, the truncated
 *   action is dropped from the first part and the continuation's copy replaces it (what
 *   came before that copy in the continuation — a re-opened group, "Continuing…" — goes
 *   too, so the action stays in its group);
 * - otherwise the continuation is taken as the rest of the cut-off text and appended.
 * A reply that was not cut off in an action is simply followed by the continuation.
 */
export function continueTruncatedReply(previous: string, continuation: string): string {
  const truncated = parseActionText(previous, "length").actions.find((a) => a.truncated);
  if (!truncated) return previous + continuation;
  const repeated = parseActionText(continuation, "stop").actions.find(
    (a) => a.file === truncated.file && a.type === truncated.type,
  );
  if (!repeated) return previous + continuation;
  return previous.slice(0, truncated.start) + continuation.slice(repeated.start);
}
