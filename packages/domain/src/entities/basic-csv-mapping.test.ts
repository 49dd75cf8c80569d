import { describe, expect, it } from "vitest";
import { basicCsvMapping } from "./basic-csv-mapping.ts";
import { csvMappingItemSchema } from "./csv-mapping-item.ts";
import { entitySchemaSchema } from "./entity-schema.ts";

const schema = entitySchemaSchema.parse({
  name: "Person",
  type: "object",
  properties: {
    firstName: { type: "string" },
    age: { type: "integer" },
    email: { type: "string", format: "email" },
  },
});

describe("basicCsvMapping", () => {
  it("maps headers to fields by name, ignoring case and blanks, with type text", () => {
    expect(basicCsvMapping(["FIRSTNAME", " Age ", "email", "Phone"], schema)).toEqual([
      { csvHeader: "FIRSTNAME", schemaField: "firstName", dataType: "text" },
      { csvHeader: " Age ", schemaField: "age", dataType: "text" },
      { csvHeader: "email", schemaField: "email", dataType: "text" },
      { csvHeader: "Phone", schemaField: null, dataType: "text" },
    ]);
  });

  it("gives a field to the first matching header only", () => {
    expect(basicCsvMapping(["age", "AGE"], schema).map((item) => item.schemaField)).toEqual(["age", null]);
  });

  it("never maps to built-in fields or nested paths", () => {
    expect(
      basicCsvMapping(["id", "createdAt", "first name", "first_name"], schema).map(
        (item) => item.schemaField,
      ),
    ).toEqual([null, null, null, null]);
  });

  it("maps nothing for an entity without fields, and gives valid items", () => {
    const items = basicCsvMapping(["a", ""], { properties: {} });
    expect(items.every((item) => item.schemaField === null)).toBe(true);
    for (const item of items) expect(csvMappingItemSchema.safeParse(item).success).toBe(true);
  });
});
