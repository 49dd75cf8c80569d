import { describe, expect, it } from "vitest";
import {
  CSV_COLUMNS_MAX,
  csvGenerateMappingRequestSchema,
  csvGenerateMappingResponseSchema,
} from "./csv-generate-mapping-contract.ts";

const request = {
  headers: ["Name", "Age"],
  previewData: [
    ["Ada", "36"],
    ["Grace", "85"],
  ],
  schema: {
    name: "Person",
    type: "object",
    properties: { name: { type: "string" }, age: { type: "integer" } },
  },
  entityName: "Person",
};

describe("csvGenerateMappingRequestSchema", () => {
  it("accepts the wizard's request", () => {
    expect(csvGenerateMappingRequestSchema.parse(request)).toEqual(request);
  });

  it("accepts no preview rows and up to five", () => {
    expect(csvGenerateMappingRequestSchema.safeParse({ ...request, previewData: [] }).success).toBe(true);
    expect(
      csvGenerateMappingRequestSchema.safeParse({
        ...request,
        previewData: Array.from({ length: 5 }, () => ["a", "1"]),
      }).success,
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "six preview rows",
      { previewData: Array.from({ length: 6 }, () => ["a", "1"]) },
      "previewData",
      "previewData can have at most 5 rows",
    ],
    [
      "preview rows as objects",
      { previewData: [{ Name: "Ada" }] },
      "previewData.0",
      "Invalid input: expected array, received object",
    ],
    [
      "a number in a preview row",
      { previewData: [["Ada", 36]] },
      "previewData.0.1",
      "Preview values must be strings",
    ],
    ["no headers", { headers: [] }, "headers", "headers cannot be empty"],
    [
      "too many headers",
      { headers: Array.from({ length: CSV_COLUMNS_MAX + 1 }, (_, i) => `h${i}`) },
      "headers",
      "A CSV can have at most 500 columns",
    ],
    ["a header that is not text", { headers: ["a", 1] }, "headers.1", "Headers must be strings"],
    [
      "an invalid schema",
      { schema: { name: "Person", type: "object", properties: { id: { type: "string" } } } },
      "schema.properties.id",
      '"id" is a built-in field of every row and cannot be declared',
    ],
    ["a bad entity name", { entityName: "my entity" }, "entityName", "entityName must be an entity name"],
    ["a missing entity name", { entityName: undefined }, "entityName", "entityName is required"],
  ])("rejects %s", (_label, patch, path, message) => {
    const result = csvGenerateMappingRequestSchema.safeParse({ ...request, ...patch });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toContainEqual([
      path,
      message,
    ]);
  });
});

describe("csvGenerateMappingResponseSchema", () => {
  it("accepts mappings", () => {
    const response = {
      mappings: [
        { csvHeader: "Name", schemaField: "name", dataType: "text" },
        { csvHeader: "Age", schemaField: "age", dataType: "number" },
        { csvHeader: "Notes", schemaField: null, dataType: "text" },
      ],
    };
    expect(csvGenerateMappingResponseSchema.parse(response)).toEqual(response);
  });

  it("rejects a mapping with an unknown data type", () => {
    expect(
      csvGenerateMappingResponseSchema.safeParse({
        mappings: [{ csvHeader: "a", schemaField: "a", dataType: "string" }],
      }).success,
    ).toBe(false);
  });
});
