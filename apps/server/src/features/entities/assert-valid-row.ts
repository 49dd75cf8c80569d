import { AppError, type EntitySchema, validateEntityRow } from "@liftoff/domain";

/** Validates a write against the schema; 422 with one message per field otherwise. */
export function assertValidRow(
  schema: EntitySchema,
  input: unknown,
  mode: "create" | "update",
): Record<string, unknown> {
  const result = validateEntityRow(schema, input, { mode });
  if (result.ok) return result.data;
  const first = result.errors[0];
  throw new AppError("UNPROCESSABLE", first ? `${first.field}: ${first.message}` : "Invalid record", {
    fields: result.errors,
  });
}
