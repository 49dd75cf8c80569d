import type { ResultBlock } from "../generated-apps/result-block.ts";

/** The one block of a tool whose builder laid out no result blocks: the whole answer as markdown. */
export const DEFAULT_RESULT_BLOCK: Readonly<ResultBlock> = Object.freeze({
  id: "result",
  kind: "markdown",
  title: "Result",
  instruction: "The complete answer.",
});

/** The blocks a run of `tool` produces: its own, or the default one when it has none. */
export function runBlocks(tool: { blocks: readonly ResultBlock[] }): ResultBlock[] {
  return tool.blocks.length > 0 ? [...tool.blocks] : [{ ...DEFAULT_RESULT_BLOCK }];
}
