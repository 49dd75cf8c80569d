import { AppError } from "../../errors/app-error.ts";
import { BUILT_IN_ROW_FIELDS } from "../built-in-row-fields.ts";
import { quoteName } from "./quote-name.ts";

/**
 * Reads the `fields` parameter (the projection): comma-separated top-level field names,
 * each a built-in field or a field of the schema (`knownFields`). Returns the names in the
 * order given, without repeats, or null when absent or empty — meaning every field.
 * An unknown name is a 400, 'Unknown field "x"', so a typo does not quietly return less.
 */
export function parseFields(
  fields: string | null | undefined,
  knownFields: readonly string[],
): string[] | null {
  const text = fields?.trim() ?? "";
  if (text === "") return null;
  const known = new Set<string>([...BUILT_IN_ROW_FIELDS, ...knownFields]);
  const names: string[] = [];
  for (const raw of text.split(",")) {
    const name = raw.trim();
    if (name === "") continue;
    if (!known.has(name)) {
      throw new AppError("BAD_REQUEST", `Unknown field ${quoteName(name)}`);
    }
    if (!names.includes(name)) names.push(name);
  }
  return names.length > 0 ? names : null;
}
