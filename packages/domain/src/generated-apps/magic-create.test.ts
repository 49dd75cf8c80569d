import { describe, expect, it } from "vitest";
import { emptyCustomField } from "./custom-field.ts";
import { MAGIC_INPUT_MAX, magicCreateBodySchema, magicCreateResponseSchema } from "./magic-create.ts";

describe("magicCreateBodySchema", () => {
  it("takes a sentence, the field type and optional context, trimming the sentence", () => {
    expect(magicCreateBodySchema.parse({ input: "  A budget ", magicType: "field" })).toEqual({
      input: "A budget",
      magicType: "field",
    });
    expect(
      magicCreateBodySchema.parse({
        input: "A budget",
        magicType: "field",
        prompt: "Plan [city]",
        appId: "a1",
      }),
    ).toMatchObject({ prompt: "Plan [city]", appId: "a1" });
  });

  it("refuses an empty or long sentence, another magic type and a long prompt", () => {
    const bad = [
      { input: " ", magicType: "field" },
      { input: "x".repeat(MAGIC_INPUT_MAX + 1), magicType: "field" },
      { input: "A budget", magicType: "tool" },
      { input: "A budget", magicType: "field", prompt: "x".repeat(20_001) },
      { input: "A budget", magicType: "field", appId: "" },
    ];
    for (const body of bad) expect(magicCreateBodySchema.safeParse(body).success).toBe(false);
    expect(magicCreateBodySchema.safeParse({ input: "", magicType: "field" }).error?.issues[0]?.message).toBe(
      "Describe the field in a sentence",
    );
  });

  it("answers a custom field", () => {
    const result = emptyCustomField({ name: "budget", label: "Budget", type: "text" });
    expect(magicCreateResponseSchema.parse({ result })).toEqual({ result });
    expect(magicCreateResponseSchema.safeParse({ result: { ...result, name: "a b" } }).success).toBe(false);
  });
});
