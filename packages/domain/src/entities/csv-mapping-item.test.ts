import { describe, expect, it } from "vitest";
import { csvMappingItemSchema, SCHEMA_FIELD_PATH_PATTERN } from "./csv-mapping-item.ts";

describe("csvMappingItemSchema", () => {
  it.each<[string, unknown]>([
    ["a top-level field", { csvHeader: "Name", schemaField: "name", dataType: "text" }],
    ["a nested field", { csvHeader: "City", schemaField: "address.city", dataType: "text" }],
    ["three levels", { csvHeader: "Lat", schemaField: "address.geo.lat", dataType: "number" }],
    ["an ignored column", { csvHeader: "Notes", schemaField: null, dataType: "text" }],
    ["an empty header", { csvHeader: "", schemaField: null, dataType: "json" }],
  ])("accepts %s", (_label, item) => {
    expect(csvMappingItemSchema.parse(item)).toEqual(item);
  });

  it.each<[string, unknown, string]>([
    ["four levels", { csvHeader: "x", schemaField: "a.b.c.d", dataType: "text" }, "schemaField"],
    [
      "a __proto__ path",
      { csvHeader: "x", schemaField: "__proto__.polluted", dataType: "text" },
      "schemaField",
    ],
    ["an empty segment", { csvHeader: "x", schemaField: "a..b", dataType: "text" }, "schemaField"],
    ["a trailing dot", { csvHeader: "x", schemaField: "a.", dataType: "text" }, "schemaField"],
    ["an empty field", { csvHeader: "x", schemaField: "", dataType: "text" }, "schemaField"],
    ["a missing field", { csvHeader: "x", dataType: "text" }, "schemaField"],
    ["an unknown data type", { csvHeader: "x", schemaField: "a", dataType: "string" }, "dataType"],
    ["a missing header", { schemaField: "a", dataType: "text" }, "csvHeader"],
  ])("rejects %s", (_label, item, path) => {
    const result = csvMappingItemSchema.safeParse(item);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("explains a bad path", () => {
    expect(
      csvMappingItemSchema.safeParse({ csvHeader: "x", schemaField: "a-b", dataType: "text" }).error
        ?.issues[0]?.message,
    ).toBe("schemaField must be a field name, or a dot path such as address.city for a nested field");
  });

  it("allows as many path segments as fields may nest", () => {
    expect(SCHEMA_FIELD_PATH_PATTERN.test("a.b.c")).toBe(true);
    expect(SCHEMA_FIELD_PATH_PATTERN.test("a.b.c.d")).toBe(false);
  });
});
