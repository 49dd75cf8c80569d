import {
  CUSTOM_FIELD_TYPES,
  type CustomField,
  FIELD_NAME_PATTERN,
  type FieldOption,
} from "./custom-field.ts";
import {
  firstOf,
  looseBoolean,
  looseEnum,
  looseImage,
  looseList,
  looseRecord,
  looseText,
} from "./loose-read.ts";
import { SAVED_APP_LIMITS, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

const TYPE_ALIASES: Record<string, CustomField["type"]> = {
  textarea: "long_text",
  longtext: "long_text",
  multi_select: "multiselect",
  dropdown: "select",
  image: "photo",
  location: "place",
  tool_item: "tool_item_select",
};

/** A name the v4 pattern accepts: other characters become '_', too long is cut. */
function toFieldName(text: string): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, SAVED_APP_TEXT_LIMITS.fieldName);
}

function upgradeOption(raw: unknown): FieldOption | null {
  if (typeof raw === "string" || typeof raw === "number")
    return { label: looseText(raw, SAVED_APP_TEXT_LIMITS.fieldOption), iconUrl: "" };
  const record = looseRecord(raw);
  const label = firstOf(record, "label", "value", "name");
  if (label === undefined) return null;
  return {
    label: looseText(label, SAVED_APP_TEXT_LIMITS.fieldOption),
    iconUrl: looseImage(firstOf(record, "iconUrl", "icon"), SAVED_APP_TEXT_LIMITS.url),
  };
}

/**
 * A custom field of any builder version as v4 reads it. Old documents kept options as
 * texts or under optionsConfig.options; names may hold spaces (their tags too, which the
 * caller rewrites from `renamedFrom`). Rules that need the field's neighbours (unique
 * names, 'input') are left to validateSavedApp, so nothing is renamed behind the
 * builder's back beyond what the v4 name pattern needs. E-mail fields become personal and
 * photo fields stop memorizing, since neither can be otherwise (spec section 5). A step id
 * that names no step of the tool is dropped.
 */
export function upgradeCustomField(
  raw: unknown,
  context: { index: number; stepIds: ReadonlySet<string> },
): { field: CustomField; renamedFrom: string | null } {
  const record = looseRecord(raw);
  const type = looseEnum(firstOf(record, "type", "fieldType"), CUSTOM_FIELD_TYPES, "text", TYPE_ALIASES);
  const rawName = looseText(firstOf(record, "name", "key", "id"), 200).trim();
  const rawLabel = looseText(firstOf(record, "label", "title"), 200).trim();
  let name = FIELD_NAME_PATTERN.test(rawName)
    ? rawName.slice(0, SAVED_APP_TEXT_LIMITS.fieldName)
    : toFieldName(rawName);
  if (name === "") name = toFieldName(rawLabel) || `field_${context.index + 1}`;
  const label = (rawLabel || rawName || name).slice(0, SAVED_APP_TEXT_LIMITS.fieldLabel);
  const rawOptions = firstOf(record, "options") ?? looseRecord(record.optionsConfig).options;
  const options = looseList(rawOptions)
    .map(upgradeOption)
    .filter((option) => option !== null)
    .slice(0, SAVED_APP_LIMITS.maxFieldOptions);
  const stepId = looseText(record.stepId, SAVED_APP_TEXT_LIMITS.id);
  const toolId = looseText(record.toolId, SAVED_APP_TEXT_LIMITS.id);
  return {
    field: {
      name,
      label,
      type,
      required: looseBoolean(firstOf(record, "required", "isRequired")),
      personal: type === "email" || looseBoolean(firstOf(record, "personal", "isPersonal")),
      memorize: type !== "photo" && looseBoolean(firstOf(record, "memorize", "isMemorized")),
      stepId: context.stepIds.has(stepId) ? stepId : null,
      instructions: looseText(record.instructions, SAVED_APP_TEXT_LIMITS.fieldInstructions),
      options,
      filterCondition: looseText(record.filterCondition, SAVED_APP_TEXT_LIMITS.filterCondition),
      toolId: toolId === "" ? null : toolId,
    },
    renamedFrom: rawName !== "" && rawName !== name ? rawName : null,
  };
}
