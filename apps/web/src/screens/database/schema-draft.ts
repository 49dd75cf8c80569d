import { type EntitySchema, entitySchemaSchema, type FieldSchema } from "@liftoff/domain";

/** The field types the schema editor offers (the chat will offer everything later). */
export const DRAFT_FIELD_TYPES = [
  { value: "string", label: "Text" },
  { value: "number", label: "Number" },
  { value: "integer", label: "Integer" },
  { value: "boolean", label: "Boolean" },
  { value: "date-time", label: "Date & time" },
  { value: "enum", label: "Select (enum)" },
  { value: "multiselect", label: "Multiselect (array of enum)" },
  { value: "json", label: "JSON object" },
  { value: "list", label: "JSON list" },
] as const;

export type DraftFieldType = (typeof DRAFT_FIELD_TYPES)[number]["value"];

export type DraftField = {
  /** Stable key for React lists. */
  key: string;
  name: string;
  type: DraftFieldType;
  /** Enum options, comma-separated as typed. */
  options: string;
  required: boolean;
  /** The default as typed; empty means none. */
  defaultText: string;
  /** The stored field this draft came from: keywords the editor does not show are kept. */
  original?: FieldSchema;
};

export type SchemaDraft = { name: string; description?: string; fields: DraftField[] };

let keyCounter = 0;
export function newDraftField(partial: Partial<DraftField> = {}): DraftField {
  keyCounter += 1;
  return {
    key: `field-${keyCounter}`,
    name: "",
    type: "string",
    options: "",
    required: false,
    defaultText: "",
    ...partial,
  };
}

export function draftTypeOf(field: FieldSchema): DraftFieldType {
  switch (field.type) {
    case "string":
      if (field.enum) return "enum";
      return field.format === "date-time" ? "date-time" : "string";
    case "number":
    case "integer":
    case "boolean":
      return field.type;
    case "array":
      return field.items?.type === "string" && field.items.enum ? "multiselect" : "list";
    case "object":
      return "json";
  }
}

function defaultTextOf(field: FieldSchema): string {
  const value = field.default;
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && field.items?.enum) return value.join(", ");
  return JSON.stringify(value);
}

/** The editor's draft of a stored schema. */
export function draftFromSchema(schema: EntitySchema): SchemaDraft {
  const required = new Set(schema.required ?? []);
  return {
    name: schema.name,
    ...(schema.description !== undefined ? { description: schema.description } : {}),
    fields: Object.entries(schema.properties).map(([name, field]) =>
      newDraftField({
        name,
        type: draftTypeOf(field),
        options: (field.enum ?? field.items?.enum ?? []).join(", "),
        required: required.has(name),
        defaultText: defaultTextOf(field),
        original: field,
      }),
    ),
  };
}

function splitOptions(text: string): string[] {
  return text
    .split(",")
    .map((option) => option.trim())
    .filter((option) => option !== "");
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function parseDefault(field: DraftField, options: string[]): Parsed<unknown> {
  const text = field.defaultText.trim();
  const label = field.name || "this field";
  switch (field.type) {
    case "string":
      return { ok: true, value: field.defaultText };
    case "number":
    case "integer": {
      const value = Number(text);
      if (!Number.isFinite(value) || (field.type === "integer" && !Number.isInteger(value)))
        return {
          ok: false,
          message: `The default of ${label} must be ${field.type === "integer" ? "a whole number" : "a number"}`,
        };
      return { ok: true, value };
    }
    case "boolean":
      if (text.toLowerCase() === "true") return { ok: true, value: true };
      if (text.toLowerCase() === "false") return { ok: true, value: false };
      return { ok: false, message: `The default of ${label} must be true or false` };
    case "date-time": {
      const time = Date.parse(text);
      if (!Number.isFinite(time)) return { ok: false, message: `The default of ${label} must be a date` };
      return { ok: true, value: new Date(time).toISOString() };
    }
    case "enum":
      if (!options.includes(text))
        return { ok: false, message: `The default of ${label} must be one of its options` };
      return { ok: true, value: text };
    case "multiselect": {
      const values = splitOptions(text);
      if (values.some((value) => !options.includes(value)))
        return { ok: false, message: `The default of ${label} must list some of its options` };
      return { ok: true, value: values };
    }
    case "json":
    case "list":
      try {
        const value = JSON.parse(text);
        const fits =
          field.type === "list"
            ? Array.isArray(value)
            : typeof value === "object" && value !== null && !Array.isArray(value);
        if (!fits)
          return {
            ok: false,
            message: `The default of ${label} must be a JSON ${field.type === "list" ? "list" : "object"}`,
          };
        return { ok: true, value };
      } catch {
        return { ok: false, message: `The default of ${label} must be valid JSON` };
      }
  }
}

/** The stored field of a draft: keeps the original's other keywords when the type is unchanged. */
function fieldOf(field: DraftField, options: string[]): FieldSchema {
  const base: FieldSchema =
    field.original && draftTypeOf(field.original) === field.type ? { ...field.original } : { type: "string" };
  delete base.default;
  switch (field.type) {
    case "string":
      return { ...base, type: "string" };
    case "number":
    case "integer":
    case "boolean":
      return { ...base, type: field.type };
    case "date-time":
      return { ...base, type: "string", format: "date-time" };
    case "enum":
      return { ...base, type: "string", enum: options };
    case "multiselect":
      return { ...base, type: "array", items: { type: "string", enum: options } };
    case "json":
      return { ...base, type: "object" };
    case "list":
      return { ...base, type: "array" };
  }
}

/**
 * The schema to save from a draft, checked with the domain's entitySchemaSchema so the
 * editor shows the same message the server would. `permissions` of the stored schema are
 * kept: saving fields never changes who may read or write.
 */
export function schemaFromDraft(
  draft: SchemaDraft,
  permissions?: EntitySchema["permissions"],
): Parsed<EntitySchema> {
  if (draft.name.trim() === "") return { ok: false, message: "Entity name is required" };
  if (draft.fields.length === 0) return { ok: false, message: "Add at least one field" };
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  for (const field of draft.fields) {
    const name = field.name.trim();
    if (name === "") return { ok: false, message: "Every field needs a name" };
    if (Object.hasOwn(properties, name)) return { ok: false, message: `Field "${name}" is listed twice` };
    const options = splitOptions(field.options);
    if ((field.type === "enum" || field.type === "multiselect") && options.length === 0)
      return { ok: false, message: `Field "${name}" needs at least one option` };
    const schemaField = fieldOf({ ...field, name }, options);
    if (field.defaultText.trim() !== "") {
      const parsed = parseDefault({ ...field, name }, options);
      if (!parsed.ok) return parsed;
      schemaField.default = parsed.value;
    }
    properties[name] = schemaField;
    if (field.required) required.push(name);
  }
  const candidate = {
    name: draft.name.trim(),
    ...(draft.description ? { description: draft.description } : {}),
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(permissions ? { permissions } : {}),
  };
  const result = entitySchemaSchema.safeParse(candidate);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, message: issue?.message ?? "The schema is not valid" };
  }
  return { ok: true, value: result.data };
}
