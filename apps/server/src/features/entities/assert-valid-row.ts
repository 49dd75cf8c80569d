import { AppError, type EntitySchema, fieldErrorsMessage, validateEntityRow } from "@liftoff/domain";

/**
 * Validates a write against the schema; 422 with one message per field otherwise. The
 * message is the fields' own ('title is required'): the builder's grid shows it as it is.
 */
export function assertValidRow(
  schema: EntitySchema,
  input: unknown,
  mode: "create" | "update",
): Record<string, unknown> {
  const result = validateEntityRow(schema, input, { mode });
  if (result.ok) return result.data;
  throw new AppError("UNPROCESSABLE", fieldErrorsMessage(result.errors), { fields: result.errors });
}
