import { createRunView, type PublicBlock, type RunView } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { blockDisplay, formatValue } from "./block-display.ts";
import { markdownFileName, runToMarkdown, withEditedBlocks } from "./run-markdown.ts";

const blocks: PublicBlock[] = [
  { id: "intro", kind: "markdown", title: "Summary", validated: false },
  { id: "steps", kind: "list", title: "Steps", validated: false },
  { id: "prices", kind: "table", title: "Prices", validated: true },
  { id: "facts", kind: "key_facts", title: "Key facts", validated: false },
  { id: "picture", kind: "image", title: "Picture", validated: false },
  { id: "data", kind: "json", title: "", validated: false },
  { id: "unused", kind: "markdown", title: "Empty", validated: false },
];

function viewWith(texts: Record<string, string>, complete = true): RunView {
  const view = createRunView({
    id: "r",
    appId: "a",
    toolId: "t",
    blocks,
    createdAt: "2026-11-28T10:00:00.000Z",
  });
  return {
    ...view,
    blocks: view.blocks.map((block) => ({ ...block, text: texts[block.id] ?? "", complete })),
  };
}

const texts = {
  intro: "**Paris** is lovely.",
  steps: "- Pack\n- Fly\n2. Walk",
  prices: '```json\n[{"Item": "Coffee", "Price": 3}, {"Item": "A | B", "Price": null}]\n```',
  facts: '{"Population": "2.1 million", "Area": 105}',
  picture: "The Eiffel Tower at dusk, watercolour.",
  data: '{"ok": true}',
};

describe("runToMarkdown", () => {
  it("writes every block by its kind under its title, skipping empty ones", () => {
    expect(runToMarkdown({ title: "Trip planner", blocks, view: viewWith(texts) })).toBe(
      `${[
        "# Trip planner",
        "## Summary\n\n**Paris** is lovely.",
        "## Steps\n\n- Pack\n- Fly\n- Walk",
        "## Prices\n\n| Item | Price |\n| --- | --- |\n| Coffee | 3 |\n| A \\| B |  |",
        "## Key facts\n\n- **Population:** 2.1 million\n- **Area:** 105",
        "## Picture\n\n_Generated image description:_ The Eiffel Tower at dusk, watercolour.",
        '```json\n{\n  "ok": true\n}\n```',
      ].join("\n\n")}\n`,
    );
  });

  it("uses the end user's edits, and raw text where JSON does not read", () => {
    const markdown = runToMarkdown({
      title: "",
      blocks: blocks.slice(0, 3),
      view: viewWith({ intro: "old", prices: "[{broken" }),
      edits: { intro: "New text" },
    });
    expect(markdown).toBe("## Summary\n\nNew text\n\n## Prices\n\n[{broken\n");
  });
});

describe("withEditedBlocks", () => {
  it("replaces only edited blocks, and returns the same view without edits", () => {
    const view = viewWith(texts);
    expect(withEditedBlocks(view, {})).toBe(view);
    const edited = withEditedBlocks(view, { steps: "- One" });
    expect(edited.blocks.find((block) => block.id === "steps")?.text).toBe("- One");
    expect(edited.blocks.find((block) => block.id === "intro")?.text).toBe(texts.intro);
  });
});

describe("blockDisplay", () => {
  it("shows JSON kinds raw while they stream, never as an error", () => {
    expect(blockDisplay({ kind: "table", text: '[{"a": 1}, {"a"', complete: false })).toEqual({
      mode: "raw",
      text: '[{"a": 1}, {"a"',
      streaming: true,
    });
    expect(blockDisplay({ kind: "key_facts", text: "", complete: false })).toEqual({
      mode: "empty",
      streaming: true,
    });
  });

  it("reads text kinds while they stream and every kind once complete", () => {
    expect(blockDisplay({ kind: "list", text: "- a\n- b", complete: false })).toEqual({
      mode: "output",
      output: { kind: "list", items: ["a", "b"] },
    });
    expect(blockDisplay({ kind: "json", text: "[1,2]", complete: true })).toEqual({
      mode: "output",
      output: { kind: "json", value: [1, 2] },
    });
    expect(blockDisplay({ kind: "key_facts", text: "[1]", complete: true })).toMatchObject({ mode: "raw" });
  });

  it("formats values for cells", () => {
    expect([
      formatValue("x"),
      formatValue(2),
      formatValue(false),
      formatValue(null),
      formatValue({ a: 1 }),
    ]).toEqual(["x", "2", "false", "", '{"a":1}']);
  });
});

describe("markdownFileName", () => {
  it("makes a safe file name from the title", () => {
    expect(markdownFileName("Trip Planner: Café edition!")).toBe("trip-planner-cafe-edition.md");
    expect(markdownFileName("???")).toBe("result.md");
  });
});
