import { describe, expect, it } from "vitest";
import { columnsOf } from "./columns-of.ts";
import { entitySchemaSchema } from "./entity-schema.ts";
import { SELECT_OPTION_COLORS } from "./select-option-colors.ts";

const schema = entitySchemaSchema.parse({
  name: "Product",
  type: "object",
  properties: {
    title: { type: "string", maxLength: 80, description: "Shown on the card" },
    status: { type: "string", enum: ["draft", "live"] },
    tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] } },
    imageUrl: { type: "string" },
    price: { type: "number" },
  },
  required: ["title"],
});

describe("columnsOf", () => {
  it("puts id first, the fields in schema order, then createdAt and creatorId", () => {
    expect(
      columnsOf(schema).map((column) => [column.key, column.label, column.dataType, column.readOnly]),
    ).toEqual([
      ["id", "ID", "text", true],
      ["title", "title", "text", false],
      ["status", "status", "select", false],
      ["tags", "tags", "multiselect", false],
      ["imageUrl", "imageUrl", "image", false],
      ["price", "price", "number", false],
      ["createdAt", "Created At", "datetime", true],
      ["creatorId", "User ID", "text", true],
    ]);
  });

  it("marks built-in columns and required fields", () => {
    const columns = columnsOf(schema);
    expect(columns.filter((column) => column.builtIn).map((column) => column.key)).toEqual([
      "id",
      "createdAt",
      "creatorId",
    ]);
    expect(columns.filter((column) => column.required).map((column) => column.key)).toEqual(["title"]);
  });

  it("gives select and multiselect options a label and a background colour, in enum order", () => {
    const columns = columnsOf(schema);
    expect(columns.find((column) => column.key === "status")?.options).toEqual([
      { label: "draft", backgroundColor: SELECT_OPTION_COLORS[0] },
      { label: "live", backgroundColor: SELECT_OPTION_COLORS[1] },
    ]);
    expect(columns.find((column) => column.key === "tags")?.options?.map((option) => option.label)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(columns.find((column) => column.key === "title")).not.toHaveProperty("options");
  });

  it("repeats the colours past the palette", () => {
    const many = entitySchemaSchema.parse({
      name: "T",
      type: "object",
      properties: { pick: { type: "string", enum: Array.from({ length: 12 }, (_, i) => `o${i}`) } },
    });
    const options = columnsOf(many).find((column) => column.key === "pick")?.options ?? [];
    expect(options[10]?.backgroundColor).toBe(SELECT_OPTION_COLORS[0]);
    expect(options[11]?.backgroundColor).toBe(SELECT_OPTION_COLORS[1]);
  });

  it("carries maxLength and description for the editors", () => {
    const title = columnsOf(schema).find((column) => column.key === "title");
    expect(title).toMatchObject({ maxLength: 80, description: "Shown on the card" });
  });

  it("shows only the built-in columns for an entity without fields", () => {
    expect(columnsOf({ properties: {} }).map((column) => column.key)).toEqual([
      "id",
      "createdAt",
      "creatorId",
    ]);
  });
});
