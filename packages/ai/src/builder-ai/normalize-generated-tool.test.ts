import { toolSchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { InvalidModelOutputError } from "../providers/describe-ai-error.ts";
import { normalizeGeneratedTool } from "./normalize-generated-tool.ts";

const context = {
  toolId: "tool-new",
  takenPaths: ["trip-planner", "other"],
  creditsPerRun: 2,
  viewer: { plan: null, isAdmin: false },
};

const ANSWER = {
  title: "Trip planner",
  description: "Plans a trip day by day.",
  path: "trip-planner",
  welcomeMessage: "Where to?",
  inputLabel: "Your trip",
  inputPlaceholder: "A week in Lisbon",
  isMultiStepInput: true,
  inputSteps: [
    { id: "where", title: "Where" },
    { id: "how", title: "How" },
  ],
  fields: [
    { name: "destination", label: "Destination", type: "text", required: true, stepId: "where", options: [] },
    { name: "days", label: "Days", type: "select", stepId: "how", options: ["3", "7", "14"] },
  ],
  gptPrompt: "Plan a trip to [destination] for [days] days.",
  blocks: [
    { id: "plan", kind: "markdown", title: "Plan", instruction: "Day by day." },
    { id: "costs", kind: "keyFacts", title: "Costs", instruction: "Main costs." },
  ],
  ctaMessage: "Need a flight?",
  ctaButton: "Book",
  ctaLink: "example.com/flights",
  examples: ["A week in Lisbon", "3 days in Rome", "Two weeks in Japan", "A fourth one"],
  status: "active",
  isProTool: true,
  creditsPerRun: 20,
};

describe("normalizeGeneratedTool", () => {
  it("makes a draft tool the builder can save, with a free path and id", () => {
    const tool = normalizeGeneratedTool(ANSWER, context);
    expect(toolSchema.parse(tool)).toEqual(tool);
    expect(tool).toMatchObject({
      toolId: "tool-new",
      title: "Trip planner",
      path: "trip-planner-2",
      status: "draft",
      isProTool: false,
      creditsPerRun: 2,
      isMultiStepInput: true,
      inputSteps: ANSWER.inputSteps,
      gptPrompt: "Plan a trip to [destination] for [days] days.",
      ctaLink: "https://example.com/flights",
      dataItems: [],
      imageUrl: "",
    });
    expect(tool.fields.map((f) => [f.name, f.type, f.stepId])).toEqual([
      ["destination", "text", "where"],
      ["days", "select", "how"],
    ]);
    expect(tool.blocks.map((b) => b.kind)).toEqual(["markdown", "key_facts"]);
    expect(tool.examples).toHaveLength(3);
  });

  it("takes an answer wrapped in {tool}", () => {
    expect(normalizeGeneratedTool({ tool: ANSWER }, context).title).toBe("Trip planner");
  });

  it("gives fields unique names, never 'input', and tags every field in the instructions", () => {
    const tool = normalizeGeneratedTool(
      {
        ...ANSWER,
        isMultiStepInput: true,
        inputSteps: [],
        fields: [
          { name: "city", label: "City", type: "text" },
          { name: "City", label: "City again", type: "text" },
          { name: "input", label: "Notes", type: "long_text" },
          { name: "spot", label: "Spot", type: "place" },
          { name: "other", label: "Other tool item", type: "tool_item_select" },
        ],
        gptPrompt: "Visit [city] and use [input].",
      },
      { ...context, takenPaths: [] },
    );
    expect(tool.fields.map((f) => [f.name, f.type])).toEqual([
      ["city", "text"],
      ["City_2", "text"],
      ["input_field", "long_text"],
      ["spot", "text"],
      ["other", "text"],
    ]);
    expect(tool.gptPrompt).toBe(
      "Visit [city] and use [input].\n\nCity again: [City_2]\nNotes: [input_field]\nSpot: [spot]\nOther tool item: [other]",
    );
    // Multi-step input without steps would be refused on save.
    expect(tool.isMultiStepInput).toBe(false);
    expect(tool.path).toBe("trip-planner");
  });

  it("derives the path from the title and keeps at most the field limit", () => {
    const fields = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, label: `F ${i}`, type: "text" }));
    const tool = normalizeGeneratedTool(
      { ...ANSWER, path: "", title: "Café Menu!", fields },
      { ...context, takenPaths: ["Cafe-Menu"] },
    );
    expect(tool.path).toBe("Cafe-Menu-2");
    expect(tool.fields).toHaveLength(20);
  });

  it("refuses an answer without a title or instructions", () => {
    for (const raw of [{ ...ANSWER, title: " " }, { ...ANSWER, gptPrompt: "" }, {}, null, "text", []])
      expect(() => normalizeGeneratedTool(raw, context)).toThrow(InvalidModelOutputError);
  });
});
