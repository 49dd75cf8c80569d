import type { EntitySchema } from "./entity-schema.ts";
import { hasUnstorableText } from "./has-unstorable-text.ts";
import { type FieldError, validateFieldValue } from "./validate-field-value.ts";

export type EntityRowData = Record<string, unknown>;

export type EntityRowValidation = { ok: true; data: EntityRowData } | { ok: false; errors: FieldError[] };

/**
 * Checks a row written by a client against its entity schema (the entity issue, "Writes
 * are validated"). Returns the data to store or one message per field:
 * - fields the schema does not declare are dropped, not refused: apps written against an
 *   older schema keep working, and built-in fields (id, createdAt, updatedAt, creatorId)
 *   can never be forged since a schema cannot declare them;
 * - create: missing fields take their default, then missing required fields are errors;
 * - update: a partial write; fields left out are untouched, so neither rule applies;
 * - null clears a field, except a required one;
 * - date-times are stored as UTC ISO text.
 * Pure: the input is not modified and the result shares no objects with the schema.
 */
export function validateEntityRow(
  schema: Pick<EntitySchema, "properties" | "required">,
  input: unknown,
  options: { mode: "create" | "update" },
): EntityRowValidation {
  const result = validateFieldValue(
    {
      type: "object",
      properties: schema.properties,
      ...(schema.required ? { required: schema.required } : {}),
    },
    input,
    "",
    { partial: options.mode === "update" },
  );
  if (!result.ok) return { ok: false, errors: result.errors };
  const data = result.value as EntityRowData;
  const unstorable = Object.keys(data).filter((field) => hasUnstorableText(data[field]));
  if (unstorable.length > 0) {
    return {
      ok: false,
      errors: unstorable.map((field) => ({
        field,
        message: `${field} must be valid Unicode text without NUL characters`,
      })),
    };
  }
  return { ok: true, data };
}
