import { z } from "zod";
import { boundedText, itemId, optionalImage } from "./bounded-text.ts";
import { GENERATED_APP_MESSAGES, tooManyMessage } from "./generated-app-messages.ts";
import { SAVED_APP_LIMITS, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/** The ten field types of spec section 3. */
export const CUSTOM_FIELD_TYPES = [
  "text",
  "long_text",
  "select",
  "multiselect",
  "email",
  "place",
  "photo",
  "height",
  "weight",
  "tool_item_select",
] as const;
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;

/** Types whose answer is picked from the field's own options. */
export const OPTION_FIELD_TYPES: readonly CustomFieldType[] = ["select", "multiselect"];

/**
 * A field's name is also its tag in the instructions ([name]), so it keeps to characters
 * that cannot end or split a tag. Ours: the spec does not spell the characters out.
 */
export const FIELD_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** One choice of a select or multiselect field; its emptiness and duplicates are rules apart. */
export const fieldOptionSchema = z.object({
  label: boundedText("Option", SAVED_APP_TEXT_LIMITS.fieldOption),
  iconUrl: optionalImage("Option icon"),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

/**
 * A custom field of a tool (spec section 3). `stepId` places it in one of the tool's input
 * steps (null: the first step, or no steps); `instructions` tell a photo field's user what
 * to photograph; `toolId` is the tool whose items a tool_item_select offers;
 * `filterCondition` narrows those items. Rules that compare fields or need the plan live
 * in custom-field-rules.
 */
export const customFieldSchema = z.object({
  name: z
    .string()
    .min(1, GENERATED_APP_MESSAGES.fieldNameEmpty)
    .max(
      SAVED_APP_TEXT_LIMITS.fieldName,
      `Field name can be at most ${SAVED_APP_TEXT_LIMITS.fieldName} characters`,
    )
    .regex(FIELD_NAME_PATTERN, GENERATED_APP_MESSAGES.fieldNamePattern),
  label: boundedText("Field label", SAVED_APP_TEXT_LIMITS.fieldLabel).min(
    1,
    GENERATED_APP_MESSAGES.fieldLabelEmpty,
  ),
  type: customFieldTypeSchema,
  required: z.boolean(),
  personal: z.boolean(),
  memorize: z.boolean(),
  stepId: itemId("Step id").nullable(),
  instructions: boundedText("Photo instructions", SAVED_APP_TEXT_LIMITS.fieldInstructions),
  options: z
    .array(fieldOptionSchema)
    .max(SAVED_APP_LIMITS.maxFieldOptions, tooManyMessage("options", SAVED_APP_LIMITS.maxFieldOptions)),
  filterCondition: boundedText("Filter condition", SAVED_APP_TEXT_LIMITS.filterCondition),
  toolId: itemId("Tool id").nullable(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** A new field of `type` with every attribute at its default; e-mail starts personal. */
export function emptyCustomField(input: { name: string; label: string; type: CustomFieldType }): CustomField {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    required: false,
    personal: input.type === "email",
    memorize: false,
    stepId: null,
    instructions: "",
    options: [],
    filterCondition: "",
    toolId: null,
  };
}
