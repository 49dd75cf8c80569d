import type { CustomField } from "./custom-field.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/**
 * Why a field may not remember its answer, or null (spec section 5): memorize applies only
 * when user sign-up is on (answers are kept per signed-up user) and never to photos.
 */
export function fieldMemorizeError(
  field: Pick<CustomField, "type" | "memorize">,
  settings: { isSignupEnabled: boolean },
): string | null {
  if (!field.memorize) return null;
  if (field.type === "photo") return GENERATED_APP_MESSAGES.memorizeNotForPhoto;
  if (!settings.isSignupEnabled) return GENERATED_APP_MESSAGES.memorizeNeedsSignup;
  return null;
}

/** Whether the memorize switch is offered for this field at all. */
export function canMemorizeField(
  field: Pick<CustomField, "type">,
  settings: { isSignupEnabled: boolean },
): boolean {
  return fieldMemorizeError({ type: field.type, memorize: true }, settings) === null;
}
