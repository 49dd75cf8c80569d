import { maxCustomFieldsMessage } from "./generated-app-messages.ts";
import { SAVED_APP_LIMITS } from "./saved-app-limits.ts";

/**
 * The spec's message when a tool has more custom fields than allowed, or null. Ask with
 * the count after the change: adding a field to a full tool is `count + 1`.
 */
export function customFieldLimitError(fieldCount: number): string | null {
  return fieldCount > SAVED_APP_LIMITS.maxCustomFields
    ? maxCustomFieldsMessage(SAVED_APP_LIMITS.maxCustomFields)
    : null;
}
