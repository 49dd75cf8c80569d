import type { ActionParseResult } from "./action-types.ts";
import { createActionStreamParser, type FinishReason } from "./create-action-stream-parser.ts";

/** Parses a whole (stored) reply at once; the same result as streaming it. */
export function parseActionText(text: string, finishReason: FinishReason = "stop"): ActionParseResult {
  const parser = createActionStreamParser();
  parser.push(text);
  return parser.finish(finishReason);
}
