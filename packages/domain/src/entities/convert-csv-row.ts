import type { CsvMappingItem } from "./csv-mapping-item.ts";
import type { EntitySchema, FieldSchema } from "./entity-schema.ts";
import { IDENTIFIER_PATTERN } from "./identifier-pattern.ts";
import type { ColumnDataType } from "./infer-column-type.ts";
import { parseBoolean } from "./parse-boolean.ts";
import { parseIsoDateTime } from "./parse-iso-date-time.ts";
import { type EntityRowValidation, validateEntityRow } from "./validate-entity-row.ts";

export type ConvertCsvRowInput = {
  schema: Pick<EntitySchema, "properties" | "required">;
  headers: readonly string[];
  /** One data row, aligned with `headers` (as the CSV parser returns it). */
  row: readonly string[];
  mappings: readonly CsvMappingItem[];
};

/** ISO text for a date-time cell: ISO 8601 first, then what the engine's Date can read. */
function toIsoDateTime(text: string): string {
  const iso = parseIsoDateTime(text);
  if (iso) return iso.toISOString();
  const time = Date.parse(text);
  // Unreadable text stays as it is, so validation reports it against the field.
  return Number.isFinite(time) ? new Date(time).toISOString() : text;
}

function toNumber(text: string): number | string {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : text;
}

/** A boolean word (parseBoolean); other text stays as it is, so validation names the field. */
function toBoolean(text: string): boolean | string {
  return parseBoolean(text) ?? text;
}

function toJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A list cell: a JSON array as written ('["a","b"]', which is how lists export), else the
 * spec's comma split with each part trimmed and empty parts dropped.
 */
function toList(text: string): unknown[] {
  if (text.startsWith("[")) {
    const parsed = toJson(text);
    if (Array.isArray(parsed)) return parsed;
  }
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

function byDataType(text: string, dataType: ColumnDataType): unknown {
  switch (dataType) {
    case "number":
      return toNumber(text);
    case "boolean":
      return toBoolean(text);
    case "datetime":
      return toIsoDateTime(text);
    case "json":
      return toJson(text);
    case "multiselect":
      return toList(text);
    default:
      return text;
  }
}

function byField(text: string, field: FieldSchema): unknown {
  switch (field.type) {
    case "string":
      return field.format === "date-time" ? toIsoDateTime(text) : text;
    case "number":
    case "integer":
      return toNumber(text);
    case "boolean":
      return toBoolean(text);
    case "object":
      return toJson(text);
    case "array": {
      const items = field.items;
      if (items?.type === "object" || items?.type === "array") return toJson(text);
      const list = toList(text);
      // Items already typed (from a JSON array) are left for validation to judge.
      if (!items) return list;
      return list.map((item) => (typeof item === "string" ? byField(item, items) : item));
    }
  }
}

/**
 * Where a schema-field path leads: the declared field, `null` inside a free-form object
 * (any key may go there), or undefined when the path names nothing the row can hold.
 */
function resolvePath(
  properties: Record<string, FieldSchema>,
  segments: string[],
): FieldSchema | null | undefined {
  let current: Record<string, FieldSchema> | undefined = properties;
  for (let index = 0; index < segments.length; index++) {
    if (current === undefined) return null;
    const segment = segments[index]!;
    if (!Object.hasOwn(current, segment)) return undefined;
    const field: FieldSchema = current[segment]!;
    if (index === segments.length - 1) return field;
    if (field.type !== "object") return undefined;
    current = field.properties;
  }
  return undefined;
}

function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  let current = target;
  for (const segment of segments.slice(0, -1)) {
    const next = current[segment];
    if (typeof next !== "object" || next === null || Array.isArray(next)) current[segment] = {};
    current = current[segment] as Record<string, unknown>;
  }
  current[segments[segments.length - 1]!] = value;
}

/**
 * Turns one CSV row into an entity row by the mapping and the conversion rules of spec
 * section 5, then validates it as a create (defaults, required fields, types):
 * - the target field's type decides: number → float (parseFloat, so '12 kg' is 12);
 *   boolean → parseBoolean's words (true/false, yes/no, y/n, 1/0, on/off, any case), other
 *   text is kept and so refused by validation rather than read as false; date-time → ISO text; object → parsed
 *   JSON, or the raw text when it is not JSON (validation then names the field); a list
 *   of strings → split on commas and trimmed; a list of numbers or booleans → split,
 *   then each part converted; a list of objects → parsed JSON;
 * - inside a free-form object the mapping's dataType decides instead;
 * - an empty cell is left out, so the field's default applies or 'is required' is reported;
 * - unmapped columns, unknown headers and paths the schema cannot hold are ignored; when
 *   two columns fill one field the later one wins.
 * Failed rows come back with one message per field, for the import's report.
 */
export function convertCsvRow(input: ConvertCsvRowInput): EntityRowValidation {
  return csvRowConverter(input)(input.row);
}

/**
 * convertCsvRow with the mapping worked out once (columns, paths, target fields), for
 * converting many rows with the same headers and mapping: an import converts each row
 * with it, so the per-row work is only the cells' own.
 */
export function csvRowConverter(
  input: Omit<ConvertCsvRowInput, "row">,
): (row: readonly string[]) => EntityRowValidation {
  const steps: { column: number; segments: string[]; convert: (text: string) => unknown }[] = [];
  for (const mapping of input.mappings) {
    if (mapping.schemaField === null) continue;
    const column = input.headers.indexOf(mapping.csvHeader);
    if (column === -1) continue;
    const segments = mapping.schemaField.split(".");
    // The mapping may come unvalidated from a model: never follow a non-identifier key.
    if (!segments.every((segment) => IDENTIFIER_PATTERN.test(segment))) continue;
    const field = resolvePath(input.schema.properties, segments);
    if (field === undefined) continue;
    const { dataType } = mapping;
    steps.push({
      column,
      segments,
      convert: field === null ? (text) => byDataType(text, dataType) : (text) => byField(text, field),
    });
  }
  const flat = steps.every((step) => step.segments.length === 1);
  return (row) => {
    const data: Record<string, unknown> = {};
    for (const step of steps) {
      const text = row[step.column]?.trim();
      if (text === undefined || text === "") continue;
      if (flat) data[step.segments[0]!] = step.convert(text);
      else setPath(data, step.segments, step.convert(text));
    }
    return validateEntityRow(input.schema, data, { mode: "create" });
  };
}
