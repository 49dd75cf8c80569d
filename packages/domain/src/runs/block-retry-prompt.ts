import type { ResultBlock } from "../generated-apps/result-block.ts";
import { BLOCK_CLOSE_TAG, blockOpenTag } from "./parse-block-stream.ts";
import { BLOCK_OUTPUT_FORMATS } from "./read-block-output.ts";

/**
 * The follow-up message of the one bounded retry of a failed block: the same conversation
 * gets this and answers with that block only, in the same tagged format, so the stream
 * parser reads it as usual. The failed output itself stays in the conversation, not here.
 */
export function blockRetryPrompt(input: { block: ResultBlock; message: string }): string {
  const { block } = input;
  return [
    `Your block "${block.id}" did not pass its checks: ${input.message}`,
    `Write that block again, complete and corrected, and nothing else: ${blockOpenTag(block.id)} … ${BLOCK_CLOSE_TAG}.`,
    `Its format: ${BLOCK_OUTPUT_FORMATS[block.kind]}`,
  ].join("\n");
}
