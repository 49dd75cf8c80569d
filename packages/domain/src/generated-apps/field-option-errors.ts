import type { FieldOption } from "./custom-field.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/**
 * One message or null per option, in order (spec section 5): a blank label gives 'Option
 * is empty'; a label equal to an earlier one ignoring case and surrounding spaces gives
 * 'Option already exists' (the first keeps no message, so the builder fixes the copy).
 */
export function fieldOptionErrors(options: readonly Pick<FieldOption, "label">[]): (string | null)[] {
  const seen = new Set<string>();
  return options.map(({ label }) => {
    const key = label.trim().toLowerCase();
    if (key === "") return GENERATED_APP_MESSAGES.optionEmpty;
    if (seen.has(key)) return GENERATED_APP_MESSAGES.optionExists;
    seen.add(key);
    return null;
  });
}
