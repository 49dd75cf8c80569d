import { describe, expect, it } from "vitest";
import { hasUnstorableText } from "./has-unstorable-text.ts";
import { validateEntityRow } from "./validate-entity-row.ts";

describe("hasUnstorableText", () => {
  it("finds NUL and lone surrogates anywhere, accepts proper pairs", () => {
    expect(hasUnstorableText("a\u0000b")).toBe(true);
    expect(hasUnstorableText("\ud800")).toBe(true);
    expect(hasUnstorableText("x\udc00")).toBe(true);
    expect(hasUnstorableText("emoji 😀 ok")).toBe(false);
    expect(hasUnstorableText({ nested: ["fine", { deep: "bad\u0000" }] })).toBe(true);
    expect(hasUnstorableText({ "key\u0000": 1 })).toBe(true);
    expect(hasUnstorableText({ a: 1, b: [true, null, "ok"] })).toBe(false);
  });

  it("makes row validation refuse such text per field", () => {
    const schema = { properties: { title: { type: "string" as const }, meta: { type: "object" as const } } };
    const result = validateEntityRow(schema, { title: "a\u0000", meta: { x: "\ud800" } }, { mode: "create" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field).sort()).toEqual(["meta", "title"]);
  });
});
