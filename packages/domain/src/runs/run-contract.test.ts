import { describe, expect, it } from "vitest";
import { type CustomField, emptyCustomField } from "../generated-apps/custom-field.ts";
import {
  checkRunRequest,
  RUN_INPUT_LIMITS,
  RUN_INPUT_MESSAGES,
  runStreamEventSchema,
} from "./run-contract.ts";

function field(name: string, type: CustomField["type"], extra: Partial<CustomField> = {}): CustomField {
  return { ...emptyCustomField({ name, label: name.toUpperCase(), type }), ...extra };
}

const options = [
  { label: "Red", iconUrl: "" },
  { label: "Blue", iconUrl: "" },
];

const tool = {
  fields: [
    field("city", "text", { required: true }),
    field("notes", "long_text"),
    field("mail", "email"),
    field("where", "place"),
    field("pic", "photo"),
    field("color", "select", { options }),
    field("colors", "multiselect", { options }),
    field("height", "height"),
    field("weight", "weight"),
    field("item", "tool_item_select"),
  ],
};

const check = (values: unknown, input?: unknown) => checkRunRequest({ tool, body: { input, values } });

describe("checkRunRequest", () => {
  it("accepts a full set of answers and drops the empty ones", () => {
    const result = check(
      {
        city: "Lisbon",
        notes: "",
        mail: " a@b.io ",
        where: "Lisbon, Portugal",
        pic: "https://cdn.example.com/u/1.png",
        color: "Red",
        colors: ["Blue", "Red"],
        height: { value: 70, unit: "in" },
        weight: { value: 70, unit: "kg" },
        item: null,
      },
      "plan it",
    );
    expect(result).toEqual({
      ok: true,
      request: {
        input: "plan it",
        values: {
          city: "Lisbon",
          mail: "a@b.io",
          where: "Lisbon, Portugal",
          pic: "https://cdn.example.com/u/1.png",
          color: "Red",
          colors: ["Blue", "Red"],
          height: { value: 70, unit: "in" },
          weight: { value: 70, unit: "kg" },
        },
      },
    });
  });

  it("defaults the input and the answers when left out", () => {
    expect(checkRunRequest({ tool: { fields: [] }, body: {} })).toEqual({
      ok: true,
      request: { input: "", values: {} },
    });
  });

  it("names every field that is wrong, each with its own message", () => {
    const result = check({
      notes: "x".repeat(RUN_INPUT_LIMITS.long_text + 1),
      mail: "not-an-email",
      pic: "javascript:alert(1)",
      color: "Green",
      colors: ["Red", "Red"],
      height: { value: 10, unit: "cm" },
      weight: { value: "heavy", unit: "kg" },
      item: 42,
      extra: "sneaky",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        city: "CITY is required",
        notes: "NOTES can be at most 10,000 characters",
        mail: RUN_INPUT_MESSAGES.emailInvalid,
        pic: RUN_INPUT_MESSAGES.photoInvalid,
        color: RUN_INPUT_MESSAGES.notAnOption,
        colors: RUN_INPUT_MESSAGES.duplicateOption,
        height: "Enter a height between 30 and 300 cm (12 to 118 in)",
        weight: RUN_INPUT_MESSAGES.notANumber,
        item: RUN_INPUT_MESSAGES.notText,
        extra: RUN_INPUT_MESSAGES.unknownField,
      },
    });
  });

  it("treats blank text, [] and null as no answer, refused only for required fields", () => {
    for (const empty of ["", "   ", null, undefined]) {
      const result = check({ city: empty });
      expect(result).toEqual({ ok: false, fieldErrors: { city: "CITY is required" } });
    }
    const required = {
      fields: [
        field("colors", "multiselect", { options, required: true }),
        field("h", "height", { required: true }),
      ],
    };
    expect(checkRunRequest({ tool: required, body: { values: { colors: [] } } })).toEqual({
      ok: false,
      fieldErrors: { colors: "COLORS is required", h: "H is required" },
    });
  });

  it("checks heights and weights in metric whatever the unit", () => {
    const measures = { fields: [field("h", "height"), field("w", "weight")] };
    const run = (values: unknown) => checkRunRequest({ tool: measures, body: { values } });
    expect(run({ h: { value: 118, unit: "in" }, w: { value: 1100, unit: "lb" } }).ok).toBe(true);
    expect(run({ h: { value: 119, unit: "in" } })).toEqual({
      ok: false,
      fieldErrors: { h: RUN_INPUT_MESSAGES.height() },
    });
    expect(run({ w: { value: 1103, unit: "lb" } })).toEqual({
      ok: false,
      fieldErrors: { w: "Enter a weight between 1 and 500 kg (2 to 1102 lb)" },
    });
    expect(run({ w: { value: 70, unit: "stone" } })).toEqual({
      ok: false,
      fieldErrors: { w: RUN_INPUT_MESSAGES.weight() },
    });
    expect(run({ h: { value: Number.NaN, unit: "cm" } }).ok).toBe(false);
    expect(run({ h: 180 })).toEqual({ ok: false, fieldErrors: { h: RUN_INPUT_MESSAGES.height() } });
  });

  it("refuses answers of the wrong type with a message of their own", () => {
    expect(check({ city: 5, colors: ["Red", 3], color: ["Red"] })).toEqual({
      ok: false,
      fieldErrors: {
        city: RUN_INPUT_MESSAGES.notText,
        colors: RUN_INPUT_MESSAGES.notAnOption,
        color: RUN_INPUT_MESSAGES.notAnOption,
      },
    });
  });

  it("accepts select options exactly as written and photo paths on this site", () => {
    expect(check({ city: "x", color: "red" }).ok).toBe(false);
    expect(check({ city: "x", colors: ["Purple"] })).toEqual({
      ok: false,
      fieldErrors: { colors: RUN_INPUT_MESSAGES.notAnOption },
    });
    expect(check({ city: "x", pic: "/files/abc.png" }).ok).toBe(true);
    expect(check({ city: "x", pic: "data:image/png;base64,AAAA" }).ok).toBe(false);
  });

  it("caps the main input and refuses malformed bodies", () => {
    expect(check({ city: "x" }, "y".repeat(RUN_INPUT_LIMITS.input + 1))).toEqual({
      ok: false,
      fieldErrors: { input: "Input can be at most 10,000 characters" },
    });
    expect(check({ city: "x" }, 5)).toEqual({ ok: false, fieldErrors: { input: "Input must be text" } });
    expect(checkRunRequest({ tool, body: { values: "city=x" } })).toEqual({
      ok: false,
      fieldErrors: { values: "Answers must be an object keyed by field name" },
    });
    const notObject = checkRunRequest({ tool, body: "hello" });
    expect(notObject.ok).toBe(false);
    if (!notObject.ok) expect(Object.keys(notObject.fieldErrors)).toEqual(["body"]);
  });

  it("takes field names that are Object.prototype members as plain keys", () => {
    const odd = { fields: [field("constructor", "text", { required: true }), field("toString", "text")] };
    const ok = checkRunRequest({ tool: odd, body: { values: { constructor: "y", toString: "z" } } });
    expect(ok).toEqual({ ok: true, request: { input: "", values: { constructor: "y", toString: "z" } } });
    expect(checkRunRequest({ tool: odd, body: { values: {} } })).toEqual({
      ok: false,
      fieldErrors: { constructor: "CONSTRUCTOR is required" },
    });
  });

  it("refuses keys inherited from Object.prototype as unknown fields", () => {
    const result = checkRunRequest({ tool, body: JSON.parse('{"values":{"city":"x","__proto__":{"a":1}}}') });
    expect(result.ok).toBe(false);
  });
});

describe("run stream events", () => {
  it("parses each event shape and refuses unknown ones", () => {
    const events = [
      { type: "phase", runId: "r1", phase: "loading", step: "generate" },
      { type: "block-delta", blockId: "b1", text: "Hel" },
      { type: "block-validated", blockId: "b1" },
      { type: "block-failed", blockId: "b2", message: "Needs 3 items", retrying: true },
      { type: "done", runId: "r1", phase: "success" },
      { type: "error", code: "timeout", message: "The tool took too long to answer. Please try again." },
      { type: "ping" },
    ];
    for (const event of events) expect(runStreamEventSchema.parse(event)).toEqual(event);
    expect(runStreamEventSchema.safeParse({ type: "done", runId: "r1", phase: "loading" }).success).toBe(
      false,
    );
    expect(runStreamEventSchema.safeParse({ type: "shout" }).success).toBe(false);
    expect(
      runStreamEventSchema.safeParse({ type: "error", code: "stack", message: "at foo.ts:1" }).success,
    ).toBe(false);
  });

  it("carries a usage record", () => {
    const usage = {
      promptTokens: 10,
      promptCost: 0,
      promptRate: 0,
      completionTokens: 5,
      completionCost: 0,
      completionRate: 0,
      totalTokens: 15,
      totalCost: 0,
      cacheReadTokens: 0,
      cacheReadCost: 0,
      cacheReadRate: 0,
      cacheWriteTokens: 0,
      cacheWriteCost: 0,
      cacheWriteRate: 0,
      modelInfo: { model: "small" },
      finishReason: "stop",
      timestamp: "2026-11-27T00:00:00.000Z",
    };
    expect(runStreamEventSchema.parse({ type: "usage", usage })).toEqual({ type: "usage", usage });
  });
});
