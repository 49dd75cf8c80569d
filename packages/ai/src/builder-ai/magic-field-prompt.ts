import { CUSTOM_FIELD_TYPES, type CustomFieldType, SAVED_APP_TEXT_LIMITS } from "@liftoff/domain";

/** What each type is for, in the model's words. */
export const FIELD_TYPE_HINTS: Record<CustomFieldType, string> = {
  text: "a short free answer",
  long_text: "a longer free answer (several sentences)",
  select: "one choice out of the options",
  multiselect: "any number of the options",
  email: "an e-mail address",
  place: "a place or address",
  photo: "a photo the user takes or uploads",
  height: "a person's height",
  weight: "a person's weight",
  tool_item_select: "an item of another tool",
};

/** The types the model may pick, described one per line. */
export function fieldTypeLines(types: readonly CustomFieldType[]): string {
  return types
    .filter((type) => type !== "tool_item_select")
    .map((type) => `  - ${type}: ${FIELD_TYPE_HINTS[type]}`)
    .join("\n");
}

/** The system prompt of magic create: one field, as JSON only. */
export function magicFieldSystemPrompt(types: readonly CustomFieldType[] = CUSTOM_FIELD_TYPES): string {
  return `You add one input field to a form-style AI tool, from the builder's one-sentence description.
Answer with JSON only, no prose and no code fence, in exactly this shape:
{"name":"<field name>","label":"<label shown to the user>","type":"<type>","required":<true|false>,"personal":<true|false>,"instructions":"<for a photo field: what to photograph, else empty>","options":["<option>", "..."]}
Rules:
- name is the field's tag in the tool's instructions: 1 to ${SAVED_APP_TEXT_LIMITS.fieldName} characters, letters, digits, _ and - only, no spaces, in snake_case (e.g. travel_dates). Never "input", which is reserved.
- label is short (at most ${SAVED_APP_TEXT_LIMITS.fieldLabel} characters) and in the language of the description.
- type is one of:
${fieldTypeLines(types)}
- options: for select and multiselect, the choices (at most 20, each different); otherwise [].
- personal is true for data about the person (e-mail, name, phone, health data).
- When the tool's instructions are given, pick a name that fits them and is not one of the tags they already use.`;
}

/** The user message: the description, then the tool's instructions when there are any. */
export function magicFieldUserPrompt(input: {
  description: string;
  instructions?: string | undefined;
}): string {
  const parts = [`Field to add: ${input.description}`];
  if (input.instructions?.trim())
    parts.push(`The tool's current instructions (fields appear as [name] tags):\n${input.instructions}`);
  return parts.join("\n\n");
}
