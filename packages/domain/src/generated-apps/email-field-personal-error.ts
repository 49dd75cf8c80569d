import type { CustomField } from "./custom-field.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/** An e-mail field is always personal (spec section 5): its answer is never shared or shown to others. */
export function emailFieldPersonalError(field: Pick<CustomField, "type" | "personal">): string | null {
  return field.type === "email" && !field.personal ? GENERATED_APP_MESSAGES.emailAlwaysPersonal : null;
}
