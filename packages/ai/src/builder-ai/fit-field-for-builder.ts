import {
  type CustomField,
  fieldOptionErrors,
  fieldTypeError,
  OPTION_FIELD_TYPES,
  type PlanId,
} from "@liftoff/domain";

export type BuilderViewer = { plan: PlanId | null | undefined; isAdmin: boolean };

/**
 * A field the model wrote, changed only as far as the builder could save it: a type this
 * builder may not add (photo on lite, place for non-admins) and a tool item field (it
 * needs a tool the model cannot know) become text; empty and repeated options go, and a
 * choice field left without options becomes text; nothing is remembered, since that needs
 * user sign-up, which the builder turns on apart. A text answer is still a useful field,
 * where a refused save is not.
 */
export function fitFieldForBuilder(field: CustomField, viewer: BuilderViewer): CustomField {
  const errors = fieldOptionErrors(field.options);
  const options = field.options
    .filter((_, index) => errors[index] === null)
    .map((option) => ({ ...option, label: option.label.trim() }));
  let type = field.type;
  if (type === "tool_item_select" || fieldTypeError(type, viewer) !== null) type = "text";
  if (OPTION_FIELD_TYPES.includes(type) && options.length === 0) type = "text";
  return {
    ...field,
    type,
    personal: type === "email" || field.personal,
    memorize: false,
    instructions: type === "photo" ? field.instructions : "",
    options: OPTION_FIELD_TYPES.includes(type) ? options : [],
    filterCondition: "",
    toolId: null,
  };
}
