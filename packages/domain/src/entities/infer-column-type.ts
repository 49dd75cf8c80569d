import { z } from "zod";
import type { FieldSchema } from "./entity-schema.ts";

/** The grid's column data types (spec section 3 "Column data types"). */
export const COLUMN_DATA_TYPES = [
  "number",
  "text",
  "select",
  "multiselect",
  "image",
  "json",
  "datetime",
  "boolean",
] as const;

export const columnDataTypeSchema = z.enum(COLUMN_DATA_TYPES, {
  error: `Data type must be one of: ${COLUMN_DATA_TYPES.join(", ")}`,
});
export type ColumnDataType = z.infer<typeof columnDataTypeSchema>;

/**
 * The grid column type of a field, by the inference rules of spec section 3, checked in
 * this order: a name containing 'image' (any case) gives image, format date-time gives
 * datetime, boolean gives boolean, an enum gives select, an array of enum gives
 * multiselect, string gives text, number or integer gives number, and any other array or
 * object gives json.
 *
 * Two readings of the spec's list: the 'image' name rule applies to plain string fields
 * only, because an image cell shows a URL and `imageCount: number` or an enum named
 * `imageStyle` would be unusable as one; and enum is checked before string, since an enum
 * field is a string field and select would otherwise never be reached.
 */
export function inferColumnType(name: string, field: FieldSchema): ColumnDataType {
  if (field.type === "string" && !field.enum && name.toLowerCase().includes("image")) return "image";
  if (field.format === "date-time") return "datetime";
  switch (field.type) {
    case "boolean":
      return "boolean";
    case "string":
      return field.enum ? "select" : "text";
    case "number":
    case "integer":
      return "number";
    case "array":
      return field.items?.enum ? "multiselect" : "json";
    case "object":
      return "json";
  }
}
