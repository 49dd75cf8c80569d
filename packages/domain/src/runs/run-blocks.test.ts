import { describe, expect, it } from "vitest";
import { DEFAULT_RESULT_BLOCK, runBlocks } from "./run-blocks.ts";

describe("runBlocks", () => {
  it("keeps a tool's own blocks in order", () => {
    const blocks = [
      { id: "a", kind: "list", title: "A", instruction: "" },
      { id: "b", kind: "json", title: "B", instruction: "" },
    ] as const;
    expect(runBlocks({ blocks: [...blocks] }).map((block) => block.id)).toEqual(["a", "b"]);
  });

  it("answers in one markdown block when the tool has none", () => {
    expect(runBlocks({ blocks: [] })).toEqual([DEFAULT_RESULT_BLOCK]);
  });
});
