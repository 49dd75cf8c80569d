import { describe, expect, it } from "vitest";
import type { FieldSchema } from "./entity-schema.ts";
import { COLUMN_DATA_TYPES, columnDataTypeSchema, inferColumnType } from "./infer-column-type.ts";

describe("inferColumnType", () => {
  it.each<[string, FieldSchema, string]>([
    // the name rule, any case, on string fields
    ["image", { type: "string" }, "image"],
    ["imageUrl", { type: "string" }, "image"],
    ["profileImage", { type: "string" }, "image"],
    ["COVER_IMAGE", { type: "string", format: "uri" }, "image"],
    ["image", { type: "string", format: "date-time" }, "image"],
    // the name rule does not turn other types into images
    ["imageCount", { type: "number" }, "number"],
    ["hasImage", { type: "boolean" }, "boolean"],
    ["imageStyle", { type: "string", enum: ["a", "b"] }, "select"],
    ["images", { type: "array", items: { type: "string" } }, "json"],
    ["imageMeta", { type: "object" }, "json"],
    // formats
    ["dueAt", { type: "string", format: "date-time" }, "datetime"],
    ["dueOn", { type: "string", format: "date" }, "text"],
    ["email", { type: "string", format: "email" }, "text"],
    ["link", { type: "string", format: "uri" }, "text"],
    // plain types
    ["done", { type: "boolean" }, "boolean"],
    ["title", { type: "string" }, "text"],
    ["price", { type: "number" }, "number"],
    ["count", { type: "integer" }, "number"],
    ["status", { type: "string", enum: ["open", "closed"] }, "select"],
    ["tags", { type: "array", items: { type: "string", enum: ["a"] } }, "multiselect"],
    ["names", { type: "array", items: { type: "string" } }, "json"],
    ["anything", { type: "array" }, "json"],
    ["lines", { type: "array", items: { type: "object" } }, "json"],
    ["address", { type: "object", properties: { city: { type: "string" } } }, "json"],
    ["meta", { type: "object" }, "json"],
  ])("%s %j -> %s", (name, field, expected) => {
    expect(inferColumnType(name, field)).toBe(expected);
  });

  it("only ever returns a known column type", () => {
    expect(COLUMN_DATA_TYPES).toEqual([
      "number",
      "text",
      "select",
      "multiselect",
      "image",
      "json",
      "datetime",
      "boolean",
    ]);
    expect(columnDataTypeSchema.safeParse("date").error?.issues[0]?.message).toBe(
      "Data type must be one of: number, text, select, multiselect, image, json, datetime, boolean",
    );
  });
});
