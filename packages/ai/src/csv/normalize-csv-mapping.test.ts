import type { EntitySchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { normalizeCsvMapping } from "./normalize-csv-mapping.ts";

const schema = {
  name: "Item",
  type: "object",
  properties: {
    title: { type: "string" },
    status: { type: "string", enum: ["open", "done"] },
    createdOn: { type: "string", format: "date-time" },
    meta: { type: "object", properties: { owner: { type: "string" } } },
  },
} as EntitySchema;

describe("normalizeCsvMapping", () => {
  it("answers one item per header in header order, duplicates included", () => {
    const result = normalizeCsvMapping(
      { headers: ["Title", "Title", "When"], schema },
      {
        mappings: [
          { csvHeader: "When", schemaField: "createdOn", dataType: "datetime" },
          { csvHeader: "Title", schemaField: "title", dataType: "text" },
          { csvHeader: "Title", schemaField: "meta.owner", dataType: "text" },
        ],
      },
    );
    expect(result).toEqual([
      { csvHeader: "Title", schemaField: "title", dataType: "text" },
      { csvHeader: "Title", schemaField: "meta.owner", dataType: "text" },
      { csvHeader: "When", schemaField: "createdOn", dataType: "datetime" },
    ]);
  });

  it("drops unknown fields, paths through non-objects and garbage items", () => {
    const result = normalizeCsvMapping(
      { headers: ["a", "b", "c", "d"], schema },
      {
        mappings: [
          { csvHeader: "a", schemaField: "title.length", dataType: "text" },
          { csvHeader: "b", schemaField: "meta.missing", dataType: "text" },
          { csvHeader: 7, schemaField: "title" },
          { csvHeader: "c", schemaField: 12, dataType: "text" },
          { csvHeader: "d", schemaField: "status" },
        ],
      },
    );
    expect(result).toEqual([
      { csvHeader: "a", schemaField: null, dataType: "text" },
      { csvHeader: "b", schemaField: null, dataType: "text" },
      { csvHeader: "c", schemaField: null, dataType: "text" },
      // No data type from the model: the field's own (an enum is a select).
      { csvHeader: "d", schemaField: "status", dataType: "select" },
    ]);
  });
});
