import { FIELD_NAME_PATTERN } from "./custom-field.ts";
import { INPUT_TAG } from "./field-tags.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/**
 * What is wrong with `name` as a custom field's name beside `otherNames` (the tool's other
 * fields), or null (spec section 5): it must be non-empty, fit a tag, not be the reserved
 * 'input' (the main input's tag), and be unique ignoring case.
 */
export function fieldNameError(name: string, otherNames: Iterable<string>): string | null {
  if (name.trim() === "") return GENERATED_APP_MESSAGES.fieldNameEmpty;
  if (name.length > SAVED_APP_TEXT_LIMITS.fieldName)
    return `Field name can be at most ${SAVED_APP_TEXT_LIMITS.fieldName} characters`;
  if (!FIELD_NAME_PATTERN.test(name)) return GENERATED_APP_MESSAGES.fieldNamePattern;
  const lower = name.toLowerCase();
  if (lower === INPUT_TAG) return GENERATED_APP_MESSAGES.inputReserved;
  // An object key JavaScript treats specially: a run's answers keyed by it would be lost.
  if (lower === "__proto__") return GENERATED_APP_MESSAGES.fieldNameReserved;
  for (const other of otherNames)
    if (other.toLowerCase() === lower) return GENERATED_APP_MESSAGES.fieldExistsTryAnother;
  return null;
}
