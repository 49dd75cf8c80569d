import { describe, expect, it } from "vitest";
import { emptyCustomField } from "./custom-field.ts";
import { emptyTool, toolSchema } from "./tool.ts";

const tool = emptyTool({ toolId: "tool-1", path: "report", title: "Report writer" });

const issues = (value: unknown) => {
  const result = toolSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("tool contract", () => {
  it("accepts a new tool: a draft costing 1 credit per run", () => {
    expect(toolSchema.parse(tool)).toEqual(tool);
    expect(tool.status).toBe("draft");
    expect(tool.creditsPerRun).toBe(1);
  });

  it("holds its own fields, prompt, blocks, steps, examples and call to action", () => {
    const full = {
      ...tool,
      status: "active",
      gptPrompt: "Write about [city]",
      fields: [{ ...emptyCustomField({ name: "city", label: "City", type: "text" }), stepId: "s1" }],
      blocks: [{ id: "b1", kind: "markdown", title: "Story", instruction: "Tell it" }],
      isMultiStepInput: true,
      inputSteps: [{ id: "s1", title: "Where" }],
      examples: ["Paris", "Rome", "Oslo"],
      ctaMessage: "Book a trip",
      ctaButton: "Book",
      ctaLink: "https://example.com/book",
    };
    expect(toolSchema.parse(full)).toEqual(full);
  });

  it("gives the spec's message for a bad path", () => {
    for (const path of ["", "my tool", "tool_1"])
      expect(issues({ ...tool, path })).toEqual([
        ["path", "Path should contain only letters, numbers, and dashes. It cannot be empty."],
      ]);
  });

  it("allows at most 3 examples", () => {
    expect(issues({ ...tool, examples: ["a", "b", "c", "d"] })).toEqual([
      ["examples", "You can add up to 3 examples"],
    ]);
  });

  it("keeps credits per run within 0 to 20", () => {
    expect(issues({ ...tool, creditsPerRun: 0 })).toEqual([]);
    expect(issues({ ...tool, creditsPerRun: 20 })).toEqual([]);
    expect(issues({ ...tool, creditsPerRun: 21 })).toEqual([
      ["creditsPerRun", "Credits per run must be between 0 and 20"],
    ]);
    expect(issues({ ...tool, creditsPerRun: -1 })).toEqual([
      ["creditsPerRun", "Credits per run must be between 0 and 20"],
    ]);
  });

  it("validates the call to action link", () => {
    expect(issues({ ...tool, ctaLink: "www.example.com" })).toEqual([
      ["ctaLink", "Call to action link must be a valid URL starting with http:// or https://"],
    ]);
  });

  it("knows only the statuses active and draft", () => {
    expect(issues({ ...tool, status: "published" })[0]?.[0]).toBe("status");
  });
});
