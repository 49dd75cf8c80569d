import { describe, expect, it } from "vitest";
import { hasBlockValidation, RESULT_BLOCK_KINDS, resultBlockSchema } from "./result-block.ts";

const block = { id: "b1", kind: "table", title: "Plan", instruction: "A weekly table" } as const;

const issues = (value: unknown) => {
  const result = resultBlockSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("result block contract", () => {
  it("offers rich text, list, table, key facts, image and JSON data", () => {
    expect(RESULT_BLOCK_KINDS).toEqual(["markdown", "list", "table", "key_facts", "image", "json"]);
  });

  it("accepts a block without validation and one with every feature", () => {
    expect(resultBlockSchema.parse(block)).toEqual(block);
    const full = {
      ...block,
      validation: {
        jsonSchema: { type: "array", items: { type: "object" } },
        requiredKeys: ["day", "meal"],
        minItems: 1,
        maxItems: 7,
        minLength: 0,
        maxLength: 500,
        modelCheckPrompt: "Is every meal vegetarian?",
      },
    };
    expect(resultBlockSchema.parse(full)).toEqual(full);
  });

  it("refuses a minimum above the maximum", () => {
    expect(issues({ ...block, validation: { minItems: 5, maxItems: 2 } })).toEqual([
      ["validation.minItems", "The minimum cannot be above the maximum"],
    ]);
    expect(issues({ ...block, validation: { minLength: 9, maxLength: 1 } })).toEqual([
      ["validation.minLength", "The minimum cannot be above the maximum"],
    ]);
  });

  it("refuses a JSON schema that is not an object, or too long", () => {
    expect(issues({ ...block, validation: { jsonSchema: "yes" } })).toEqual([
      ["validation.jsonSchema", "JSON schema must be a JSON object"],
    ]);
    expect(issues({ ...block, validation: { jsonSchema: { description: "x".repeat(20_001) } } })).toEqual([
      ["validation.jsonSchema", "JSON schema is too long"],
    ]);
  });

  it("refuses negative or fractional counts and unknown kinds", () => {
    expect(issues({ ...block, validation: { minItems: -1 } })).toEqual([
      ["validation.minItems", "Enter 0 or more"],
    ]);
    expect(issues({ ...block, validation: { maxLength: 1.5 } })).toEqual([
      ["validation.maxLength", "Enter a whole number"],
    ]);
    expect(issues({ ...block, kind: "chart" })[0]?.[0]).toBe("kind");
  });
});

describe("hasBlockValidation", () => {
  it("is false without features and true with any", () => {
    expect(hasBlockValidation(block)).toBe(false);
    expect(hasBlockValidation({ ...block, validation: {} })).toBe(false);
    expect(hasBlockValidation({ ...block, validation: { requiredKeys: [], modelCheckPrompt: "  " } })).toBe(
      false,
    );
    expect(hasBlockValidation({ ...block, validation: { minItems: 0 } })).toBe(true);
    expect(hasBlockValidation({ ...block, validation: { requiredKeys: ["a"] } })).toBe(true);
    expect(hasBlockValidation({ ...block, validation: { modelCheckPrompt: "Check" } })).toBe(true);
    expect(hasBlockValidation({ ...block, validation: { jsonSchema: {} } })).toBe(true);
  });
});
