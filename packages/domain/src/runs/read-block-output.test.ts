import { describe, expect, it } from "vitest";
import { RESULT_BLOCK_KINDS } from "../generated-apps/result-block.ts";
import { BLOCK_OUTPUT_FORMATS, readBlockOutput } from "./read-block-output.ts";

describe("readBlockOutput", () => {
  it("has a format for every block kind", () => {
    expect(Object.keys(BLOCK_OUTPUT_FORMATS).sort()).toEqual([...RESULT_BLOCK_KINDS].sort());
  });

  it("reads markdown as trimmed text", () => {
    expect(readBlockOutput({ kind: "markdown", text: "\n# Hi\n\n" })).toEqual({
      ok: true,
      output: { kind: "markdown", text: "# Hi" },
    });
  });

  it("reads list items, whatever marker the model used, skipping blank lines", () => {
    expect(
      readBlockOutput({ kind: "list", text: "- one\n* two\n\n3. three\n4) four\nfive\r\n• six" }),
    ).toEqual({
      ok: true,
      output: { kind: "list", items: ["one", "two", "three", "four", "five", "six"] },
    });
    expect(readBlockOutput({ kind: "list", text: "  " })).toEqual({
      ok: true,
      output: { kind: "list", items: [] },
    });
  });

  it("reads tables and key facts as JSON, fenced or not", () => {
    expect(readBlockOutput({ kind: "table", text: '```json\n[{"a": 1}]\n```' })).toEqual({
      ok: true,
      output: { kind: "table", columns: ["a"], rows: [{ a: 1 }] },
    });
    expect(readBlockOutput({ kind: "key_facts", text: '{"City": "Lisbon"}' })).toEqual({
      ok: true,
      output: { kind: "key_facts", facts: { City: "Lisbon" } },
    });
  });

  it("refuses JSON of the wrong shape, or no JSON, with a reason", () => {
    expect(readBlockOutput({ kind: "table", text: '{"a": 1}' })).toEqual({
      ok: false,
      message: "The output must be a JSON array of row objects",
    });
    expect(readBlockOutput({ kind: "table", text: "[1, 2]" }).ok).toBe(false);
    expect(readBlockOutput({ kind: "key_facts", text: "[]" })).toEqual({
      ok: false,
      message: "The output must be a JSON object of facts",
    });
    const broken = readBlockOutput({ kind: "json", text: "{oops" });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toMatch(/^The output is not valid JSON \(/);
  });

  it("reads any JSON value for a json block", () => {
    expect(readBlockOutput({ kind: "json", text: " 42 " })).toEqual({
      ok: true,
      output: { kind: "json", value: 42 },
    });
  });

  it("reads an image block as the description of the image to make", () => {
    expect(readBlockOutput({ kind: "image", text: " A tram at dusk, watercolour.\n" })).toEqual({
      ok: true,
      output: { kind: "image", description: "A tram at dusk, watercolour." },
    });
    expect(readBlockOutput({ kind: "image", text: "  " })).toEqual({
      ok: false,
      message: "The output must describe the image",
    });
  });

  it("lists a table's columns in order of first appearance", () => {
    expect(readBlockOutput({ kind: "table", text: '[{"a": 1, "b": 2}, {"c": 3, "a": 4}, {}]' })).toEqual({
      ok: true,
      output: { kind: "table", columns: ["a", "b", "c"], rows: [{ a: 1, b: 2 }, { c: 3, a: 4 }, {}] },
    });
  });
});
