import { RESULT_BLOCK_KINDS, type ResultBlock } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { sampleBlockOutput, sampleFromJsonSchema } from "./sample-block-output.ts";

const block = (extra: Partial<ResultBlock>): ResultBlock => ({
  id: "b1",
  kind: "markdown",
  title: "Weekly plan",
  instruction: "",
  ...extra,
});

describe("sampleBlockOutput", () => {
  it("gives content of each kind, the same for the same title", () => {
    for (const kind of RESULT_BLOCK_KINDS) {
      const sample = sampleBlockOutput(block({ kind }));
      expect(sample.kind).toBe(kind);
      expect(sampleBlockOutput(block({ kind, id: "other" }))).toEqual(sample);
    }
  });

  it("varies with the title", () => {
    const titles = ["Weekly plan", "Budget", "Next steps", "Risks", "Ideas", "Summary"];
    const firsts = new Set(
      titles.map((title) => {
        const sample = sampleBlockOutput(block({ kind: "list", title }));
        return sample.kind === "list" ? sample.items[0] : "";
      }),
    );
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("writes markdown with the title as heading, paragraphs and bullets", () => {
    const sample = sampleBlockOutput(block({ title: "weekly plan" }));
    if (sample.kind !== "markdown") throw new Error("markdown expected");
    expect(sample.text.startsWith("## Weekly plan\n\n")).toBe(true);
    expect(sample.text.match(/^- /gm)).toHaveLength(3);
    const untitled = sampleBlockOutput(block({ title: "  " }));
    expect(untitled.kind === "markdown" && untitled.text.startsWith("## Your result")).toBe(true);
  });

  it("keeps markdown within the block's length bounds", () => {
    const short = sampleBlockOutput(block({ validation: { maxLength: 60 } }));
    expect(short.kind === "markdown" && short.text.length).toBeLessThanOrEqual(60);
    expect(short.kind === "markdown" && short.text.endsWith("…")).toBe(true);
    const long = sampleBlockOutput(block({ validation: { minLength: 1500 } }));
    expect(long.kind === "markdown" && long.text.length).toBeGreaterThanOrEqual(1500);
    const none = sampleBlockOutput(block({ validation: { maxLength: 0 } }));
    expect(none.kind === "markdown" && none.text).toBe("");
  });

  it("follows the item count of lists, tables and key facts", () => {
    const list = sampleBlockOutput(block({ kind: "list" }));
    expect(list.kind === "list" && list.items).toHaveLength(3);
    const more = sampleBlockOutput(block({ kind: "list", validation: { minItems: 5 } }));
    expect(more.kind === "list" && more.items).toHaveLength(5);
    const fewer = sampleBlockOutput(block({ kind: "table", validation: { maxItems: 2 } }));
    expect(fewer.kind === "table" && fewer.rows).toHaveLength(2);
    expect(fewer.kind === "table" && fewer.rows.every((row) => row.length === fewer.columns.length)).toBe(
      true,
    );
    const capped = sampleBlockOutput(block({ kind: "key_facts", validation: { minItems: 50 } }));
    expect(capped.kind === "key_facts" && capped.facts).toHaveLength(8);
  });

  it("shows required keys among key facts and in JSON", () => {
    const facts = sampleBlockOutput(
      block({ kind: "key_facts", validation: { requiredKeys: ["total_cost", "Best for"], maxItems: 1 } }),
    );
    if (facts.kind !== "key_facts") throw new Error("key facts expected");
    expect(facts.facts.map((fact) => fact.label)).toEqual(["total_cost", "Best for"]);
    expect(facts.facts[0]?.value).toBe("Sample total cost");
    const json = sampleBlockOutput(block({ kind: "json", validation: { requiredKeys: ["userId"] } }));
    expect(json.kind === "json" && json.value).toMatchObject({
      title: "Weekly plan",
      userId: "Sample userId",
    });
  });

  it("shapes JSON after the block's JSON schema", () => {
    const sample = sampleBlockOutput(
      block({
        kind: "json",
        validation: {
          jsonSchema: {
            type: "object",
            properties: {
              name: { type: "string" },
              level: { enum: ["beginner", "expert"] },
              age: { type: "integer" },
              tags: { type: "array", items: { type: "string" }, minItems: 3 },
            },
            required: ["name", "id"],
          },
        },
      }),
    );
    expect(sample).toEqual({
      kind: "json",
      value: {
        name: "Sample name",
        level: "beginner",
        age: 3,
        tags: ["Sample tags", "Sample tags", "Sample tags"],
        id: "Sample id",
      },
    });
  });

  it("reads the common JSON schema forms", () => {
    expect(sampleFromJsonSchema({ type: "number" })).toBe(42.5);
    expect(sampleFromJsonSchema({ type: ["null", "boolean"] })).toBe(true);
    expect(sampleFromJsonSchema({ const: "fixed" })).toBe("fixed");
    expect(sampleFromJsonSchema({ type: "string", default: "hello" })).toBe("hello");
    expect(
      sampleFromJsonSchema({ type: "array", items: { type: "integer" }, maxItems: 1 }, "n", 0, 4),
    ).toEqual([3]);
    expect(sampleFromJsonSchema({ properties: { a: { type: "boolean" } } })).toEqual({ a: true });
    expect(sampleFromJsonSchema(null, "first_name")).toBe("Sample first name");
  });

  it("describes the image it stands for", () => {
    expect(sampleBlockOutput(block({ kind: "image", title: "Room Layout" }))).toEqual({
      kind: "image",
      alt: "Generated image: room layout",
      caption: "An image generated for room layout",
    });
  });
});
