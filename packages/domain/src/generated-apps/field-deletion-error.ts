import { hasFieldTag } from "./field-tags.ts";
import { fieldDeletionBlockedMessage } from "./generated-app-messages.ts";

/**
 * Why the field `name` cannot be deleted, or null (spec section 5): while its [name] tag
 * is in the tool's instructions, deleting it would leave the prompt a tag with no answer.
 */
export function fieldDeletionError(name: string, gptPrompt: string): string | null {
  return hasFieldTag(gptPrompt, name) ? fieldDeletionBlockedMessage(name) : null;
}

/** A field whose tag is not in the instructions is shown inactive (spec section 5): nothing reads its answer. */
export function isFieldInactive(name: string, gptPrompt: string): boolean {
  return !hasFieldTag(gptPrompt, name);
}
