import type { EntitySchema } from "./entity-schema.ts";
import { type ColumnDataType, inferColumnType } from "./infer-column-type.ts";
import { SELECT_OPTION_COLORS } from "./select-option-colors.ts";

export type SelectOption = { label: string; backgroundColor: string };

export type EntityColumn = {
  /** The row key the column shows (a top-level field name or a built-in field). */
  key: string;
  label: string;
  dataType: ColumnDataType;
  /** Built-in columns are set by the server; the grid never edits them. */
  readOnly: boolean;
  builtIn: boolean;
  required: boolean;
  /** Options of select and multiselect columns, in enum order. */
  options?: SelectOption[];
  maxLength?: number;
  description?: string;
};

function builtIn(key: string, label: string, dataType: ColumnDataType): EntityColumn {
  return { key, label, dataType, readOnly: true, builtIn: true, required: false };
}

function optionsOf(values: readonly string[]): SelectOption[] {
  return values.map((label, index) => ({
    label,
    backgroundColor: SELECT_OPTION_COLORS[index % SELECT_OPTION_COLORS.length]!,
  }));
}

/**
 * The grid's columns for an entity: id first, then the schema's fields in schema order,
 * then createdAt and creatorId ('User ID'), all three read-only (spec section 3 "Row
 * fields"). updatedAt is kept by the server but is not one of the spec's grid columns.
 */
export function columnsOf(schema: Pick<EntitySchema, "properties" | "required">): EntityColumn[] {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([name, field]): EntityColumn => {
    const dataType = inferColumnType(name, field);
    const enumValues =
      dataType === "select" ? field.enum : dataType === "multiselect" ? field.items?.enum : undefined;
    return {
      key: name,
      label: name,
      dataType,
      readOnly: false,
      builtIn: false,
      required: required.has(name),
      ...(enumValues ? { options: optionsOf(enumValues) } : {}),
      ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
      ...(field.description !== undefined ? { description: field.description } : {}),
    };
  });
  return [
    builtIn("id", "ID", "text"),
    ...fields,
    builtIn("createdAt", "Created At", "datetime"),
    builtIn("creatorId", "User ID", "text"),
  ];
}
