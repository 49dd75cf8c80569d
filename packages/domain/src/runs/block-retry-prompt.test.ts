import { describe, expect, it } from "vitest";
import { blockRetryPrompt } from "./block-retry-prompt.ts";
import { parseBlockOutput } from "./parse-block-stream.ts";

describe("blockRetryPrompt", () => {
  it("names the block, the problems and the tagged format to answer in", () => {
    const prompt = blockRetryPrompt({
      block: { id: "facts", kind: "key_facts", title: "Facts", instruction: "" },
      message: 'The facts lacks "City".',
    });
    expect(prompt).toBe(
      [
        'Your block "facts" did not pass its checks: The facts lacks "City".',
        'Write that block again, complete and corrected, and nothing else: <block id="facts"> … </block>.',
        'Its format: A JSON object whose keys are short labels and whose values are short texts or numbers, e.g. {"Population": "545,000"}. JSON only, no other text.',
      ].join("\n"),
    );
    // The shown tags are the ones the parser reads.
    expect(
      parseBlockOutput({ text: '<block id="facts">{}</block>', blockIds: ["facts"] }).blocks,
    ).toHaveLength(1);
  });
});
