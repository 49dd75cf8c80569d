import { describe, expect, it } from "vitest";
import type { BlockValidation, ResultBlock, ResultBlockKind } from "../generated-apps/result-block.ts";
import { validateBlockOutput } from "./validate-block-output.ts";

function block(kind: ResultBlockKind, validation?: BlockValidation): ResultBlock {
  return { id: "b", kind, title: "B", instruction: "", validation };
}

const check = (kind: ResultBlockKind, validation: BlockValidation | undefined, text: string) =>
  validateBlockOutput({ block: block(kind, validation), text });

describe("validateBlockOutput", () => {
  it("passes a block without validation features that reads as its kind", () => {
    expect(check("markdown", undefined, "Hi")).toEqual({
      ok: true,
      output: { kind: "markdown", text: "Hi" },
    });
  });

  it("fails output that does not read as its kind", () => {
    expect(check("table", undefined, "not json")).toMatchObject({ ok: false });
    expect(check("key_facts", { requiredKeys: ["a"] }, "[1]")).toEqual({
      ok: false,
      message: "The output must be a JSON object of facts",
    });
  });

  it("counts characters of the trimmed output for min and max length", () => {
    expect(check("markdown", { minLength: 3, maxLength: 5 }, "  abc  ").ok).toBe(true);
    expect(check("markdown", { minLength: 3 }, "ab")).toEqual({
      ok: false,
      message: "It must be at least 3 characters long, not 2.",
    });
    expect(check("markdown", { maxLength: 2 }, "abc")).toEqual({
      ok: false,
      message: "It must be at most 2 characters long, not 3.",
    });
    expect(check("markdown", { maxLength: 2 }, "😀😀").ok).toBe(true);
  });

  it("counts list items, table rows, key facts and JSON array entries", () => {
    expect(check("list", { minItems: 3 }, "- a\n- b")).toEqual({
      ok: false,
      message: "It must have at least 3 items, not 2.",
    });
    expect(check("list", { minItems: 2, maxItems: 2 }, "- a\n- b").ok).toBe(true);
    expect(check("table", { maxItems: 1 }, '[{"a":1},{"a":2}]')).toEqual({
      ok: false,
      message: "It must have at most 1 item, not 2.",
    });
    expect(check("key_facts", { minItems: 2 }, '{"a":1}').ok).toBe(false);
    expect(check("json", { minItems: 1 }, "[1]").ok).toBe(true);
    expect(check("json", { minItems: 1 }, '{"a":1}')).toEqual({
      ok: false,
      message: "It must be a JSON array.",
    });
    // Kinds without items are not counted.
    expect(check("markdown", { minItems: 5 }, "text").ok).toBe(true);
  });

  it("requires keys on the facts, on every table row and on a JSON object", () => {
    expect(check("key_facts", { requiredKeys: ["City", "Days"] }, '{"City":"Lisbon"}')).toEqual({
      ok: false,
      message: 'The facts lacks "Days".',
    });
    expect(check("table", { requiredKeys: ["Name"] }, '[{"Name":"a"},{"name":"b"},{}]')).toEqual({
      ok: false,
      message: 'Row 2 lacks "Name"; Row 3 lacks "Name".',
    });
    expect(check("json", { requiredKeys: ["a"] }, '{"a":null}').ok).toBe(true);
    expect(check("json", { requiredKeys: ["a"] }, "[]")).toEqual({
      ok: false,
      message: "It must be a JSON object.",
    });
    expect(check("list", { requiredKeys: ["a"] }, "- x").ok).toBe(true);
  });

  it("checks the block's data against its JSON schema", () => {
    const schema = {
      type: "array",
      items: { type: "object", required: ["Price"], properties: { Price: { type: "number" } } },
    };
    expect(check("table", { jsonSchema: schema }, '[{"Price": 3}]').ok).toBe(true);
    expect(check("table", { jsonSchema: schema }, '[{"Price": "3"}]')).toEqual({
      ok: false,
      message: "$[0].Price must be number, not string.",
    });
    expect(check("list", { jsonSchema: { maxItems: 1 } }, "- a\n- b")).toEqual({
      ok: false,
      message: "$ must have at most 1 item, not 2.",
    });
    expect(check("markdown", { jsonSchema: { type: "string", maxLength: 2 } }, "abc").ok).toBe(false);
  });

  it("lists every problem in one message for the retry", () => {
    const result = check("key_facts", { requiredKeys: ["a"], minItems: 2, maxLength: 3 }, '{"b": 1}');
    expect(result).toEqual({
      ok: false,
      message:
        'It must be at most 3 characters long, not 8; It must have at least 2 items, not 1; The facts lacks "a".',
    });
  });

  it("leaves the model check to the server", () => {
    expect(check("markdown", { modelCheckPrompt: "Is it polite?" }, "Rude").ok).toBe(true);
  });
});
