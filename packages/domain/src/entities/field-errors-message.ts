import type { FieldError } from "./validate-field-value.ts";

/** Field messages named in one sentence before the rest are only counted. */
const NAMED = 3;

/**
 * One line for a row's field errors, shown as it is to the builder (the grid's toast, the
 * import's failed-row reasons) and sent as the message of a refused write. Each field
 * message already names its field ('title is required'), so they are joined as they are.
 */
export function fieldErrorsMessage(errors: readonly FieldError[]): string {
  if (errors.length === 0) return "Invalid record";
  const named = errors.slice(0, NAMED).map((error) => error.message);
  const more = errors.length - named.length;
  return more > 0 ? `${named.join("; ")}; and ${more} more` : named.join("; ");
}
