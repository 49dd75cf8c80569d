import { emptyCustomField, emptyTool, type Tool } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  insertTag,
  isPromptTooLong,
  promptLengthText,
  promptSegments,
  tagChoices,
  tagUsage,
} from "./instructions-model.ts";

function tool(partial: Partial<Tool> = {}): Tool {
  return {
    ...emptyTool({ toolId: "t1", path: "tool" }),
    fields: [
      emptyCustomField({ name: "topic", label: "Topic", type: "text" }),
      emptyCustomField({ name: "tone", label: "", type: "text" }),
    ],
    ...partial,
  };
}

describe("tag buttons", () => {
  it("offers every field and [input] only while the main input shows", () => {
    expect(tagChoices(tool())).toEqual([
      { name: "topic", label: "Topic" },
      { name: "tone", label: "tone" },
      { name: "input", label: "Main input" },
    ]);
    expect(tagChoices(tool({ isInputHidden: true })).map((c) => c.name)).toEqual(["topic", "tone"]);
  });
});

describe("inserting a tag at the caret", () => {
  it("inserts and moves the caret after the tag", () => {
    expect(insertTag("Write about ", 12, 12, "topic")).toEqual({ text: "Write about [topic]", caret: 19 });
    expect(insertTag("", 0, 0, "topic")).toEqual({ text: "[topic]", caret: 7 });
  });

  it("replaces the selection and spaces a tag off a word", () => {
    expect(insertTag("Write about X now", 12, 13, "topic")).toEqual({
      text: "Write about [topic] now",
      caret: 19,
    });
    expect(insertTag("About", 5, 5, "topic")).toEqual({ text: "About [topic]", caret: 13 });
    expect(insertTag("(", 1, 1, "a").text).toBe("([a]");
  });

  it("clamps a caret outside the text", () => {
    expect(insertTag("ab", 9, 4, "x")).toEqual({ text: "ab [x]", caret: 6 });
  });
});

describe("highlighting and usage", () => {
  const prompt = "Write on [Topic] for [input], see [link](https://x.y) and [mood].";

  it("splits the prompt into text and marked tags", () => {
    expect(promptSegments(prompt, ["topic", "tone"])).toEqual([
      { text: "Write on ", kind: "text" },
      { text: "[Topic]", kind: "field" },
      { text: " for ", kind: "text" },
      { text: "[input]", kind: "input" },
      { text: ", see [link](https://x.y) and ", kind: "text" },
      { text: "[mood]", kind: "unknown" },
      { text: ".", kind: "text" },
    ]);
    expect(promptSegments("", [])).toEqual([]);
  });

  it("lists used and unknown tags and unread fields, with the warning", () => {
    expect(tagUsage(tool({ gptPrompt: prompt }))).toEqual({
      used: ["Topic", "input"],
      unknown: ["mood"],
      unused: ["tone"],
      warning: "No custom field is named [mood]",
    });
    expect(tagUsage(tool({ gptPrompt: "[topic] [tone]" })).warning).toBeNull();
  });

  it("counts characters against the limit", () => {
    expect(promptLengthText("abc")).toBe("3 / 20,000");
    expect(isPromptTooLong("x".repeat(20_001))).toBe(true);
    expect(isPromptTooLong("x".repeat(20_000))).toBe(false);
  });
});
