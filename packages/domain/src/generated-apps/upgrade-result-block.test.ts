import { describe, expect, it } from "vitest";
import { resultBlockSchema } from "./result-block.ts";
import { upgradeResultBlock } from "./upgrade-result-block.ts";

describe("upgradeResultBlock", () => {
  it("reads a bare instruction as a markdown block", () => {
    expect(upgradeResultBlock("Summarise it", 2)).toEqual({
      id: "block-3",
      kind: "markdown",
      title: "",
      instruction: "Summarise it",
    });
  });

  it.each([
    ["text", "markdown"],
    ["richText", "markdown"],
    ["bullets", "list"],
    ["keyFacts", "key_facts"],
    ["data", "json"],
    ["table", "table"],
    ["chart", "markdown"],
  ])("reads the kind %s as %s", (type, kind) => {
    expect(upgradeResultBlock({ type }, 0).kind).toBe(kind);
  });

  it("keeps readable validation parts and drops the rest", () => {
    const block = upgradeResultBlock(
      {
        id: "b",
        title: "Facts",
        instruction: "Three facts",
        validation: {
          jsonSchema: "not an object",
          requiredKeys: ["a", "", 3],
          minLength: "10",
          maxLength: -5,
          checkPrompt: "Are they true?",
        },
      },
      0,
    );
    expect(block.validation).toEqual({
      requiredKeys: ["a", "3"],
      minLength: 0,
      maxLength: 10,
      modelCheckPrompt: "Are they true?",
    });
    expect(resultBlockSchema.safeParse(block).success).toBe(true);
  });

  it("leaves out an empty validation", () => {
    expect(upgradeResultBlock({ validation: { requiredKeys: [], jsonSchema: {} } }, 0)).not.toHaveProperty(
      "validation",
    );
  });
});
