import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { savedAppSchema } from "./saved-app.ts";
import { emptySavedApp, upgradeSavedApp } from "./upgrade-saved-app.ts";

describe("upgradeSavedApp: version 1 (one tool at the top level, no version)", () => {
  const v1 = {
    header: "Trip planner",
    description: "Plans trips",
    gptPrompt: "Plan [city] for [travel dates]. Contact: [email].",
    fields: [
      { name: "travel dates", label: "Dates", type: "text" },
      { name: "city", type: "select", options: ["Paris", "Rome"] },
      { name: "email", label: "E-mail", type: "email", personal: false },
    ],
    examples: ["Paris in May", "Rome", "Oslo", "Lima"],
    welcomeMessage: "Hi!",
    ctaMessage: "Book now",
    ctaLink: "example.com/book",
    style: { styleName: "colorful", background: "ffcc00", hideWatermark: "true" },
    settings: {
      dailyUserLimit: 500,
      weeklyUserLimit: 0,
      modelTemperature: "0.75",
      creditsPerRun: 50,
      inputLabel: "Where to?",
    },
  };
  const app = upgradeSavedApp(v1);

  it("becomes a version 4 app with one tool holding the top-level content", () => {
    expect(savedAppSchema.parse(app)).toEqual(app);
    expect(app.appBuilderVersion).toBe(4);
    expect(app.header).toBe("Trip planner");
    expect(app.tools).toHaveLength(1);
    const [tool] = app.tools;
    expect(tool).toMatchObject({
      toolId: "tool-1",
      title: "Trip planner",
      description: "Plans trips",
      path: "Trip-planner",
      status: "draft",
      welcomeMessage: "Hi!",
      ctaMessage: "Book now",
      ctaLink: "https://example.com/book",
      inputLabel: "Where to?",
      creditsPerRun: 20,
    });
  });

  it("keeps at most 3 examples", () => {
    expect(app.tools[0]!.examples).toEqual(["Paris in May", "Rome", "Oslo"]);
  });

  it("renames a field to the v4 name pattern and rewrites its tag", () => {
    const [dates, city, email] = app.tools[0]!.fields;
    expect(dates).toMatchObject({ name: "travel_dates", label: "Dates" });
    expect(app.tools[0]!.gptPrompt).toBe("Plan [city] for [travel_dates]. Contact: [email].");
    expect(city!.options).toEqual([
      { label: "Paris", iconUrl: "" },
      { label: "Rome", iconUrl: "" },
    ]);
    expect(email!.personal).toBe(true);
  });

  it("clamps the settings to the spec's ranges", () => {
    expect(app.settings).toMatchObject({
      dailyUserLimit: 100,
      weeklyUserLimit: 1,
      modelTemperature: 0.8,
      creditsPerRun: 20,
    });
  });

  it("reads the old style spellings", () => {
    expect(app.style).toMatchObject({
      styleName: "colorful",
      background: "#ffcc00",
      isWatermarkHidden: true,
    });
  });
});

describe("upgradeSavedApp: version 2 (tools listed, their content still at the top)", () => {
  const app = upgradeSavedApp({
    appBuilderVersion: 2,
    header: "Helpers",
    tools: [{ toolId: "t1", header: "Old header", path: "my tool!", status: "live", creditsPerRun: "3" }],
    gptPrompt: "Summarise [input]",
    blocks: [
      "Write a summary",
      { type: "keyFacts", prompt: "Three facts", validation: { minItems: 5, maxItems: 3 } },
    ],
    isMultiStepInput: "1",
  });

  it("moves the prompt and blocks into the tool and reads its old keys", () => {
    expect(savedAppSchema.parse(app)).toEqual(app);
    const [tool] = app.tools;
    expect(tool).toMatchObject({
      toolId: "t1",
      title: "Old header",
      path: "my-tool",
      status: "draft",
      creditsPerRun: 3,
      gptPrompt: "Summarise [input]",
      isMultiStepInput: true,
    });
    expect(tool!.blocks).toEqual([
      { id: "block-1", kind: "markdown", title: "", instruction: "Write a summary" },
      {
        id: "block-2",
        kind: "key_facts",
        title: "",
        instruction: "Three facts",
        validation: { minItems: 3, maxItems: 5 },
      },
    ]);
  });
});

describe("upgradeSavedApp: version 3 (several tools)", () => {
  const app = upgradeSavedApp({
    appBuilderVersion: 3,
    tools: [
      { toolId: "a", title: "A", path: "a", status: "active", gptPrompt: "Own prompt" },
      { toolId: "a", title: "B", path: "A" },
      { title: "Third" },
    ],
    gptPrompt: "Top prompt",
    inputSteps: [{ title: "One" }, { id: "s", title: "Two" }, "Three"],
    fields: [
      {
        name: "dish",
        type: "dropdown",
        stepId: "ghost",
        optionsConfig: { options: [{ label: "Pasta", iconUrl: "https://i.io/p.png" }] },
      },
      { name: "snap", type: "photo", memorize: true, stepId: "s" },
      { type: "datetime" },
    ],
  });

  it("gives the top-level content to the first tool only, where it has none of its own", () => {
    expect(savedAppSchema.parse(app)).toEqual(app);
    const [first, second, third] = app.tools;
    expect(first!.gptPrompt).toBe("Own prompt");
    expect(first!.inputSteps).toEqual([
      { id: "step-1", title: "One" },
      { id: "s", title: "Two" },
      { id: "step-3", title: "Three" },
    ]);
    expect(second!.gptPrompt).toBe("");
    expect(second!.fields).toEqual([]);
    expect(third!.title).toBe("Third");
  });

  it("makes tool ids and paths unique", () => {
    expect(app.tools.map((tool) => tool.toolId)).toEqual(["a", "a-2", "tool-3"]);
    expect(app.tools.map((tool) => tool.path)).toEqual(["a", "A-2", "Third"]);
  });

  it("reads old field shapes: option objects, unknown steps, photos that memorized, unknown types", () => {
    const [dish, snap, unnamed] = app.tools[0]!.fields;
    expect(dish).toMatchObject({
      type: "select",
      stepId: null,
      options: [{ label: "Pasta", iconUrl: "https://i.io/p.png" }],
    });
    expect(snap).toMatchObject({ type: "photo", memorize: false, stepId: "s" });
    expect(unnamed).toMatchObject({ name: "field_3", label: "field_3", type: "text" });
  });
});

describe("upgradeSavedApp: partial and broken documents", () => {
  it.each([null, undefined, "text", 42, [], {}])("reads %j as a single draft tool", (input) => {
    const app = upgradeSavedApp(input);
    expect(savedAppSchema.parse(app)).toEqual(app);
    expect(app.tools).toEqual([expect.objectContaining({ toolId: "tool-1", path: "tool", status: "draft" })]);
  });

  it("keeps a version 4 generated app without tools empty", () => {
    expect(upgradeSavedApp({ appBuilderVersion: 4, tools: [] }).tools).toEqual([]);
  });

  it("gives a single tool exactly one tool", () => {
    expect(upgradeSavedApp({ appBuilderVersion: 4, tools: [] }, { kind: "tool" }).tools).toHaveLength(1);
    const two = { appBuilderVersion: 4, tools: [{ toolId: "x", title: "X" }, { toolId: "y" }] };
    expect(upgradeSavedApp(two, { kind: "tool" }).tools.map((tool) => tool.toolId)).toEqual(["x"]);
  });

  it("does not move top-level content of a version 4 document", () => {
    const app = upgradeSavedApp({ appBuilderVersion: 4, tools: [{ toolId: "x" }], gptPrompt: "stray" });
    expect(app.tools[0]!.gptPrompt).toBe("");
  });

  it("cuts over-long texts and drops bad links and colours", () => {
    const app = upgradeSavedApp({
      header: "h".repeat(500),
      ctaLink: "javascript:alert(1)",
      style: { buttonTextColor: "blue", logoUrl: "data:x" },
      settings: { termsOfServiceLink: "nope", supportEmail: "nobody" },
    });
    expect(app.header).toHaveLength(120);
    expect(app.tools[0]!.ctaLink).toBe("");
    expect(app.style).toMatchObject({ buttonTextColor: "", logoUrl: "" });
    expect(app.settings).toMatchObject({ termsOfServiceLink: "", supportEmail: "" });
  });

  it("reads features as names or flags", () => {
    expect(upgradeSavedApp({ features: ["Interactive Followups", "voice"] }).features).toEqual([
      "interactive_followups",
    ]);
    expect(
      upgradeSavedApp({ features: { customFields: true, interactiveFollowups: false } }).features,
    ).toEqual(["custom_fields"]);
  });

  it("leaves a valid version 4 document as it is", () => {
    const app = emptySavedApp("tool");
    const full = {
      ...app,
      header: "Coach",
      chatSettings: { status: "active" as const, chatAppId: "chat-1" },
      tools: [{ ...app.tools[0]!, title: "Coach", status: "active" as const, examples: ["a"] }],
    };
    expect(upgradeSavedApp(full)).toEqual(full);
  });

  it("never throws and always returns a document the v4 contract accepts, unchanged by a second upgrade", () => {
    const oldKeys = fc.record(
      {
        appBuilderVersion: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.string()),
        header: fc.anything(),
        tools: fc.oneof(
          fc.array(
            fc.dictionary(
              fc.constantFrom("toolId", "title", "path", "status", "fields", "blocks"),
              fc.anything(),
            ),
          ),
          fc.anything(),
        ),
        gptPrompt: fc.anything(),
        fields: fc.array(
          fc.dictionary(fc.constantFrom("name", "type", "options", "stepId", "label"), fc.anything()),
        ),
        blocks: fc.anything(),
        examples: fc.anything(),
        settings: fc.dictionary(
          fc.constantFrom("dailyUserLimit", "modelTemperature", "creditsPerRun", "aiQueryMethod"),
          fc.anything(),
        ),
        style: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(oldKeys, fc.anything()),
        fc.constantFrom(undefined, "tool" as const, "generated" as const),
        (input, kind) => {
          const app = upgradeSavedApp(input, { kind });
          expect(savedAppSchema.safeParse(app).success).toBe(true);
          expect(upgradeSavedApp(app, { kind })).toEqual(app);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("emptySavedApp", () => {
  it("starts a generated app without tools and a single tool with one draft", () => {
    expect(emptySavedApp("generated").tools).toEqual([]);
    expect(emptySavedApp("tool").tools).toEqual([expect.objectContaining({ status: "draft", path: "tool" })]);
  });
});
