import { describe, expect, it } from "vitest";
import { blockText, propertyText } from "./notion-adapter.ts";

const rich = (text: string) => [{ plain_text: text }];

describe("Notion blocks and properties as text", () => {
  it("writes blocks as a reader sees them", () => {
    expect(blockText({ id: "1", type: "heading_2", heading_2: { rich_text: rich("Lunch") } })).toBe(
      "## Lunch",
    );
    expect(blockText({ id: "2", type: "to_do", to_do: { rich_text: rich("Pizza"), checked: true } })).toBe(
      "[x] Pizza",
    );
    expect(blockText({ id: "3", type: "table_row", table_row: { cells: [rich("Oak"), rich("180")] } })).toBe(
      "Oak | 180",
    );
    expect(blockText({ id: "4", type: "divider", divider: {} })).toBe("");
  });

  it("reads the property types a person reads", () => {
    expect(propertyText({ type: "title", title: rich("Quillfeather") })).toBe("Quillfeather");
    expect(propertyText({ type: "multi_select", multi_select: [{ name: "a" }, { name: "b" }] })).toBe("a, b");
    expect(propertyText({ type: "date", date: { start: "2026-01-01", end: "2026-01-03" } })).toBe(
      "2026-01-01 to 2026-01-03",
    );
    expect(propertyText({ type: "formula", formula: { type: "number", number: 42 } })).toBe("42");
    expect(propertyText({ type: "checkbox", checkbox: false })).toBe("no");
    expect(propertyText({ type: "relation", relation: [{ id: "x" }] })).toBe("");
  });
});
