import {
  COLUMN_DATA_TYPES,
  type ColumnDataType,
  type CsvGenerateMappingRequest,
  type CsvMappingItem,
  type FieldSchema,
  inferColumnType,
  SCHEMA_FIELD_PATH_PATTERN,
} from "@liftoff/domain";

/** What a model may answer: loosely typed, since it is checked item by item here. */
export type RawCsvMapping = {
  mappings: { csvHeader?: unknown; schemaField?: unknown; dataType?: unknown }[];
};

/**
 * The declared field a path names; null inside a free-form object, where any key may go
 * (the import converts there by the mapping's data type); undefined when the row cannot
 * hold the path.
 */
function fieldAt(properties: Record<string, FieldSchema>, path: string): FieldSchema | null | undefined {
  let current: Record<string, FieldSchema> | undefined = properties;
  const segments = path.split(".");
  for (let i = 0; i < segments.length; i++) {
    if (current === undefined) return null;
    const segment = segments[i] as string;
    if (!Object.hasOwn(current, segment)) return undefined;
    const field = current[segment] as FieldSchema;
    if (i === segments.length - 1) return field;
    if (field.type !== "object") return undefined;
    current = field.properties;
  }
  return undefined;
}

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Turns a model's answer into the wizard's mapping: exactly one item per CSV header, in
 * header order. Items naming a header that is not in the file are dropped, and so are
 * fields the schema cannot hold and fields already taken by an earlier column (the header
 * then maps to null). A data type outside the grid's types is replaced by the one the
 * field's schema implies.
 */
export function normalizeCsvMapping(
  request: Pick<CsvGenerateMappingRequest, "headers" | "schema">,
  raw: RawCsvMapping,
): CsvMappingItem[] {
  const items = raw.mappings.filter(
    (m): m is { csvHeader: string; schemaField?: unknown; dataType?: unknown } =>
      typeof m.csvHeader === "string",
  );
  const used = new Set<number>();
  const taken = new Set<string>();
  return request.headers.map((csvHeader) => {
    let index = items.findIndex((m, i) => !used.has(i) && m.csvHeader === csvHeader);
    if (index === -1) index = items.findIndex((m, i) => !used.has(i) && sameHeader(m.csvHeader, csvHeader));
    if (index === -1) return { csvHeader, schemaField: null, dataType: "text" };
    used.add(index);
    const item = items[index] as { schemaField?: unknown; dataType?: unknown };
    const path = typeof item.schemaField === "string" ? item.schemaField.trim() : null;
    const field =
      path && SCHEMA_FIELD_PATH_PATTERN.test(path) ? fieldAt(request.schema.properties, path) : undefined;
    const schemaField = path && field !== undefined && !taken.has(path) ? path : null;
    if (schemaField) taken.add(schemaField);
    const dataType = (COLUMN_DATA_TYPES as readonly string[]).includes(String(item.dataType))
      ? (item.dataType as ColumnDataType)
      : schemaField && field
        ? inferColumnType(schemaField.split(".").pop() as string, field)
        : "text";
    return { csvHeader, schemaField, dataType };
  });
}
