import { z } from "zod";
import { BUILT_IN_ROW_FIELDS } from "./built-in-row-fields.ts";
import { entityPermissionsSchema } from "./entity-permissions.ts";
import { ENTITY_SCHEMA_LIMITS } from "./entity-schema-limits.ts";
import { scalarPathsOf } from "./filter/mark-scalar-fields.ts";
import { IDENTIFIER_PATTERN } from "./identifier-pattern.ts";
import { validateFieldValue } from "./validate-field-value.ts";

export const FIELD_TYPES = ["string", "number", "integer", "boolean", "array", "object"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_FORMATS = ["date-time", "date", "email", "uri"] as const;
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/**
 * One field of an entity: the JSON Schema keywords the platform enforces. Keywords it does
 * not enforce (title, pattern, minItems …) are dropped on parsing rather than refused, so a
 * model's schema is accepted, and nothing stored promises a check that never runs.
 */
export type FieldSchema = {
  type: FieldType;
  description?: string;
  /** Allowed values of a string field (or of an array's string items). */
  enum?: string[];
  format?: FieldFormat;
  /** Filled in on create when the field is left out; must itself be a valid value. */
  default?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** The schema of each item of an array field; without it items are free-form. */
  items?: FieldSchema;
  /** The fields of an object field; without them the object is free-form JSON. */
  properties?: Record<string, FieldSchema>;
  /** Required fields of an object field. */
  required?: string[];
};

const { nameMax, fieldsMax, nestingMax, enumMax, enumOptionMax, descriptionMax, indexesMax, indexFieldsMax } =
  ENTITY_SCHEMA_LIMITS;

function indexIssues(
  indexes: string[][] | undefined,
  scalarPaths: ReadonlySet<string>,
): { message: string; path: (string | number)[] }[] {
  const issues: { message: string; path: (string | number)[] }[] = [];
  for (const [i, fields] of (indexes ?? []).entries()) {
    for (const [j, field] of fields.entries()) {
      if (!scalarPaths.has(field))
        issues.push({
          message: `Index field "${field}" must be a string, number, integer or boolean field of the schema`,
          path: ["indexes", i, j],
        });
    }
    if (new Set(fields).size !== fields.length)
      issues.push({ message: "An index lists each field once", path: ["indexes", i] });
  }
  return issues;
}

const RESERVED = new Set(BUILT_IN_ROW_FIELDS.map((name) => name.toLowerCase()));

type Issue = { message: string; path: (string | number)[] };

const NAME_RULE = "must start with a letter and contain only letters, numbers and underscores";

/** Problems with a set of sibling field names: shape, length, built-ins, duplicates. */
function nameIssues(names: string[], topLevel: boolean): Issue[] {
  const issues: Issue[] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const path = ["properties", name];
    if (!IDENTIFIER_PATTERN.test(name)) issues.push({ message: `Field name "${name}" ${NAME_RULE}`, path });
    else if (name.length > nameMax)
      issues.push({ message: `Field name "${name}" can be at most ${nameMax} characters`, path });
    else if (topLevel && RESERVED.has(name.toLowerCase()))
      issues.push({ message: `"${name}" is a built-in field of every row and cannot be declared`, path });
    // Case-insensitive, because the basic CSV mapping and the grid's labels match names
    // that way: 'Title' and 'title' side by side could not be told apart.
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined)
      issues.push({ message: `Field names "${earlier}" and "${name}" differ only in case`, path });
    else seen.set(lower, name);
  }
  return issues;
}

function requiredIssues(required: string[] | undefined, properties: Record<string, unknown>): Issue[] {
  if (!required) return [];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  required.forEach((name, index) => {
    if (!Object.hasOwn(properties, name))
      issues.push({
        message: `Required field "${name}" is not one of the fields`,
        path: ["required", index],
      });
    else if (seen.has(name))
      issues.push({ message: `Required field "${name}" is listed twice`, path: ["required", index] });
    seen.add(name);
  });
  return issues;
}

/**
 * Whether a field keeps within the nesting limit. It looks no deeper than the limit: past
 * it, `items` and `properties` are unparsed input (see fieldSchemaAtLevel).
 */
function withinNesting(field: FieldSchema, level: number): boolean {
  if (level >= nestingMax) return field.items === undefined && field.properties === undefined;
  if (field.items !== undefined && !withinNesting(field.items, level + 1)) return false;
  return Object.values(field.properties ?? {}).every((child) => withinNesting(child, level + 1));
}

/** Keyword combinations that make no sense for the field's type, and an invalid default. */
function fieldIssues(field: FieldSchema, level: number): Issue[] {
  const issues: Issue[] = [];
  const { type } = field;
  const isString = type === "string";
  const isNumber = type === "number" || type === "integer";
  if (field.enum !== undefined && !isString)
    issues.push({ message: "enum is only allowed on string fields", path: ["enum"] });
  if (field.format !== undefined && !isString)
    issues.push({ message: "format is only allowed on string fields", path: ["format"] });
  if (field.maxLength !== undefined && !isString)
    issues.push({ message: "maxLength is only allowed on string fields", path: ["maxLength"] });
  if (field.minimum !== undefined && !isNumber)
    issues.push({ message: "minimum is only allowed on number and integer fields", path: ["minimum"] });
  if (field.maximum !== undefined && !isNumber)
    issues.push({ message: "maximum is only allowed on number and integer fields", path: ["maximum"] });
  if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum)
    issues.push({ message: "minimum cannot be greater than maximum", path: ["minimum"] });
  if (field.items !== undefined && type !== "array")
    issues.push({ message: "items is only allowed on array fields", path: ["items"] });
  if (field.properties !== undefined && type !== "object")
    issues.push({ message: "properties is only allowed on object fields", path: ["properties"] });
  if (field.required !== undefined && type !== "object")
    issues.push({ message: "required is only allowed on object fields", path: ["required"] });
  if (field.enum) {
    const seen = new Set<string>();
    field.enum.forEach((option, index) => {
      if (seen.has(option))
        issues.push({ message: `Option "${option}" is listed twice`, path: ["enum", index] });
      seen.add(option);
    });
  }
  if (field.properties) {
    issues.push(...nameIssues(Object.keys(field.properties), false));
    issues.push(...requiredIssues(field.required, field.properties));
  }
  // Only a well-formed field can judge its default; the issues above come first. A field
  // nested too deep is refused already (zod still runs this check on it) and must not be
  // walked, since its deepest keywords are raw input.
  if (
    issues.length === 0 &&
    field.default !== undefined &&
    field.default !== null &&
    withinNesting(field, level)
  ) {
    const result = validateFieldValue(field, field.default, "default");
    if (!result.ok)
      for (const error of result.errors) issues.push({ message: error.message, path: ["default"] });
  }
  return issues;
}

const NESTING_MESSAGE = `Fields can be nested at most ${nestingMax} levels deep`;

/**
 * The field schema at one nesting level. Built level by level, not recursively with
 * z.lazy, so a hostile schema nested a thousand levels deep stops at the limit with a
 * clear message instead of recursing through all of it.
 */
function fieldSchemaAtLevel(level: number): z.ZodType<FieldSchema> {
  const deeper = level < nestingMax ? fieldSchemaAtLevel(level + 1) : null;
  return z
    .object({
      type: z.enum(FIELD_TYPES, { error: `Field type must be one of: ${FIELD_TYPES.join(", ")}` }),
      description: z
        .string()
        .max(descriptionMax, `A description can be at most ${descriptionMax} characters`)
        .optional(),
      enum: z
        .array(
          z
            .string({ error: "Enum options must be strings" })
            .min(1, "An enum option cannot be empty")
            .max(enumOptionMax, `An enum option can be at most ${enumOptionMax} characters`),
          { error: "enum must be a list of strings" },
        )
        .min(1, "enum needs at least one option")
        .max(enumMax, `enum can have at most ${enumMax} options`)
        .optional(),
      format: z
        .enum(FIELD_FORMATS, { error: `format must be one of: ${FIELD_FORMATS.join(", ")}` })
        .optional(),
      default: z.unknown().optional(),
      maxLength: z
        .number({ error: "maxLength must be a number" })
        .int("maxLength must be a whole number")
        .min(1, "maxLength must be at least 1")
        .optional(),
      minimum: z.number({ error: "minimum must be a number" }).optional(),
      maximum: z.number({ error: "maximum must be a number" }).optional(),
      // At the last level these are accepted as anything and refused below: z.undefined()
      // would read better but has no OpenAPI form, and the schema is part of API contracts.
      items: deeper ? deeper.optional() : z.unknown().optional(),
      properties: deeper
        ? z.record(z.string(), deeper, { error: "properties must be an object of fields" }).optional()
        : z.unknown().optional(),
      required: z.array(z.string(), { error: "required must be a list of field names" }).optional(),
    })
    .superRefine((field, ctx) => {
      if (!deeper) {
        for (const key of ["items", "properties"] as const)
          if (field[key] !== undefined)
            ctx.addIssue({ code: "custom", message: NESTING_MESSAGE, path: [key] });
        if (field.items !== undefined || field.properties !== undefined) return;
      }
      for (const issue of fieldIssues(field as FieldSchema, level))
        ctx.addIssue({ code: "custom", ...issue });
    }) as z.ZodType<FieldSchema>;
}

/** A top-level field of an entity. */
export const fieldSchemaSchema = fieldSchemaAtLevel(1);

/** Fields at every level, counted no deeper than the nesting limit (past it is raw input). */
function countFields(properties: Record<string, FieldSchema>, level = 1): number {
  if (level > nestingMax) return 0;
  let count = 0;
  for (const field of Object.values(properties)) {
    count += 1;
    if (field.properties) count += countFields(field.properties, level + 1);
    if (field.items?.properties) count += countFields(field.items.properties, level + 2);
  }
  return count;
}

/**
 * An entity schema (spec section 3): JSON-schema-like properties plus the access
 * extension `permissions {read, write}` (each side defaults to 'creator').
 */
export const entitySchemaSchema = z
  .object({
    name: z
      .string({ error: "Entity name is required" })
      .min(1, "Entity name is required")
      .max(nameMax, `Entity name can be at most ${nameMax} characters`)
      .regex(IDENTIFIER_PATTERN, `Entity name ${NAME_RULE}`),
    description: z
      .string()
      .max(descriptionMax, `A description can be at most ${descriptionMax} characters`)
      .optional(),
    type: z.literal("object", { error: 'An entity schema must have type "object"' }),
    properties: z.record(z.string(), fieldSchemaSchema, { error: "properties must be an object of fields" }),
    required: z.array(z.string(), { error: "required must be a list of field names" }).optional(),
    permissions: entityPermissionsSchema.optional(),
    /**
     * Indexes the entity's lists need, as PocketBase collections declare them: each is a
     * list of scalar field paths, e.g. [["status", "dueDate"]] for "status = x, sorted by
     * dueDate". Equality and number ranges on those fields, and sorts by them, then walk an
     * index (see ensureEntityIndexes) instead of sorting every match.
     */
    indexes: z
      .array(
        z
          .array(z.string(), { error: "An index is a list of field names" })
          .min(1, "An index needs at least one field")
          .max(indexFieldsMax, `An index can have at most ${indexFieldsMax} fields`),
        { error: "indexes must be a list of field lists" },
      )
      .max(indexesMax, `An entity can have at most ${indexesMax} indexes`)
      .optional(),
  })
  .superRefine((schema, ctx) => {
    const issues = [
      ...nameIssues(Object.keys(schema.properties), true),
      ...requiredIssues(schema.required, schema.properties),
      ...indexIssues(schema.indexes, scalarPathsOf(schema)),
    ];
    const count = countFields(schema.properties);
    if (count > fieldsMax)
      issues.push({
        message: `An entity can have at most ${fieldsMax} fields (nested fields included); this one has ${count}`,
        path: ["properties"],
      });
    for (const issue of issues) ctx.addIssue({ code: "custom", ...issue });
  });

export type EntitySchema = z.infer<typeof entitySchemaSchema>;
