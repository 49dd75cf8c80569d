import {
  availableFieldTypes,
  type CustomField,
  type CustomFieldType,
  customFieldLimitError,
  customFieldSchema,
  emailFieldPersonalError,
  type FieldMessages,
  fieldDeletionError,
  fieldMemorizeError,
  fieldNameError,
  fieldOptionErrors,
  fieldTypeError,
  GENERATED_APP_MESSAGES,
  inactiveFieldMessage,
  isFieldInactive,
  OPTION_FIELD_TYPES,
  renameFieldTag,
  SAVED_APP_TEXT_LIMITS,
  type Tool,
} from "@liftoff/domain";
import type { GenBuilderViewer } from "./editor-types.ts";

/** How each field type reads in the builder (the icons live in fields-panel-type-icon.tsx). */
export const FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Short text",
  long_text: "Long text",
  select: "Single choice",
  multiselect: "Multiple choice",
  email: "E-mail",
  place: "Place",
  photo: "Photo",
  height: "Height",
  weight: "Weight",
  tool_item_select: "Tool item",
};

/** `list` with the item at `index` moved by `delta` places; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/**
 * A field name made from its label while the builder has not typed one: lower case, every
 * run of other characters an underscore, so it fits FIELD_NAME_PATTERN and reads well as
 * a [tag] in the instructions.
 */
export function deriveFieldName(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, SAVED_APP_TEXT_LIMITS.fieldName)
    .replace(/[_-]+$/, "");
}

/**
 * The types offered in the type select. A field keeps a type the viewer may no longer add
 * (the server accepts what the stored document already holds), so it is listed too.
 */
export function fieldTypeChoices(
  viewer: GenBuilderViewer,
  currentType: CustomFieldType | null,
): CustomFieldType[] {
  const types = availableFieldTypes(viewer);
  if (currentType && !types.includes(currentType)) return [...types, currentType];
  return types;
}

/** The message that blocks adding one more field, or null. */
export function addFieldBlockedMessage(tool: Pick<Tool, "fields">): string | null {
  return customFieldLimitError(tool.fields.length + 1);
}

export type FieldDraftContext = {
  /** Names of the tool's other fields (the edited one left out). */
  otherNames: readonly string[];
  viewer: GenBuilderViewer;
  /** The field as stored before this edit; null for a new one. */
  original: CustomField | null;
  /** Ids of the tool's input steps. */
  stepIds: readonly string[];
  /** Ids of the tools a tool_item_select may read from. */
  toolIds: readonly string[];
};

/**
 * The field as it will be stored: attributes its type does not use are cleared, so a
 * select turned into a text field does not carry hidden options. Done at save, not on each
 * type change, so flipping the type back and forth in the dialog loses nothing.
 */
export function finalizeField(field: CustomField): CustomField {
  const hasOptions = OPTION_FIELD_TYPES.includes(field.type);
  return {
    ...field,
    name: field.name.trim(),
    label: field.label.trim(),
    personal: field.type === "email" ? true : field.personal,
    memorize: field.type === "photo" ? false : field.memorize,
    instructions: field.type === "photo" ? field.instructions : "",
    options: hasOptions ? field.options.map((option) => ({ ...option, label: option.label.trim() })) : [],
    filterCondition: field.type === "tool_item_select" ? field.filterCondition : "",
    toolId: field.type === "tool_item_select" ? field.toolId : null,
  };
}

/**
 * Every message about the draft, keyed by attribute ("name", "options.2.label"), with the
 * domain's rules and texts (spec section 5). Rules about change follow validateSavedApp: a
 * type or memorize the stored field already had stays allowed.
 */
export function fieldDraftErrors(draft: CustomField, context: FieldDraftContext): FieldMessages {
  const errors: FieldMessages = {};
  const field = finalizeField(draft);
  const add = (key: string, message: string | null) => {
    if (message && !errors[key]) errors[key] = message;
  };
  add("label", field.label === "" ? GENERATED_APP_MESSAGES.fieldLabelEmpty : null);
  add("name", fieldNameError(field.name, context.otherNames));
  if (context.original?.type !== field.type) add("type", fieldTypeError(field.type, context.viewer));
  add("personal", emailFieldPersonalError(field));
  if (!context.original?.memorize) add("memorize", fieldMemorizeError(field, context.viewer));
  if (OPTION_FIELD_TYPES.includes(field.type)) {
    if (field.options.length === 0) add("options", GENERATED_APP_MESSAGES.selectNeedsOptions);
    fieldOptionErrors(field.options).forEach((message, index) => {
      add(`options.${index}.label`, message);
    });
  }
  if (field.stepId !== null && !context.stepIds.includes(field.stepId))
    add("stepId", GENERATED_APP_MESSAGES.unknownStep);
  if (field.type === "tool_item_select" && (field.toolId === null || !context.toolIds.includes(field.toolId)))
    add("toolId", GENERATED_APP_MESSAGES.unknownToolForField);
  // Length caps and URL shapes: the contract's own messages, under the same keys.
  const parsed = customFieldSchema.safeParse(field);
  if (!parsed.success)
    for (const issue of parsed.error.issues) add(issue.path.join(".") || "name", issue.message);
  return errors;
}

/** The tool with `field` added at the end. */
export function addField(tool: Tool, field: CustomField): Tool {
  return { ...tool, fields: [...tool.fields, finalizeField(field)] };
}

/**
 * The tool with the field at `index` replaced. A renamed field takes its [tags] along in
 * the instructions, so the prompt keeps reading the same answer.
 */
export function replaceField(tool: Tool, index: number, field: CustomField): Tool {
  const before = tool.fields[index];
  if (!before) return tool;
  const next = finalizeField(field);
  const gptPrompt =
    before.name !== next.name ? renameFieldTag(tool.gptPrompt, before.name, next.name) : tool.gptPrompt;
  return { ...tool, gptPrompt, fields: tool.fields.map((f, i) => (i === index ? next : f)) };
}

/** The tool without the field at `index`, or the spec's reason when its tag is still in the instructions. */
export function removeField(
  tool: Tool,
  index: number,
): { ok: true; tool: Tool } | { ok: false; message: string } {
  const field = tool.fields[index];
  if (!field) return { ok: true, tool };
  const blocked = fieldDeletionError(field.name, tool.gptPrompt);
  if (blocked) return { ok: false, message: blocked };
  return { ok: true, tool: { ...tool, fields: tool.fields.filter((_, i) => i !== index) } };
}

/** The tool with the field at `index` moved up (-1) or down (+1). */
export function moveField(tool: Tool, index: number, delta: number): Tool {
  return { ...tool, fields: moveItem(tool.fields, index, delta) };
}

/**
 * The messages of `messages` about the field at `index`, keyed by what follows
 * "fields.{index}." ("name", "options.0.label"); a message about the field as a whole
 * is under "field".
 */
export function messagesForField(messages: FieldMessages, index: number): FieldMessages {
  const prefix = `fields.${index}`;
  const out: FieldMessages = {};
  for (const [path, message] of Object.entries(messages)) {
    if (path === prefix) out.field = message;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

export type FieldBadge = {
  key: "required" | "personal" | "memorize" | "inactive";
  label: string;
  hint: string;
};

/** The badges of a field row; 'inactive' when no [name] tag in the instructions reads its answer. */
export function fieldBadges(field: CustomField, gptPrompt: string): FieldBadge[] {
  const badges: FieldBadge[] = [];
  if (field.required) badges.push({ key: "required", label: "Required", hint: "Users must answer it" });
  if (field.personal)
    badges.push({
      key: "personal",
      label: "Personal",
      hint: "The answer is never shared or shown to others",
    });
  if (field.memorize)
    badges.push({ key: "memorize", label: "Remembered", hint: "The answer is kept for the user's next run" });
  if (isFieldInactive(field.name, gptPrompt))
    badges.push({ key: "inactive", label: "Inactive", hint: inactiveFieldMessage(field.name) });
  return badges;
}

/**
 * The messages the dialog shows now: a rule's message once its control was touched (the
 * name also when it follows the label) or after a save attempt, so a new field does not
 * open full of errors; the server's messages while the field is as it was loaded.
 */
export function shownFieldErrors(input: {
  local: FieldMessages;
  server: FieldMessages;
  /** Attribute roots the builder changed ("label", "options"). */
  touched: ReadonlySet<string>;
  attempted: boolean;
  nameFollowsLabel: boolean;
  unchanged: boolean;
}): FieldMessages {
  const shown: FieldMessages = {};
  const visible = (root: string) =>
    input.attempted ||
    input.touched.has(root) ||
    (root === "name" && input.nameFollowsLabel && input.touched.has("label"));
  for (const [key, message] of Object.entries(input.local))
    if (visible(key.split(".")[0] ?? key)) shown[key] = message;
  if (input.unchanged) for (const [key, message] of Object.entries(input.server)) shown[key] ??= message;
  return shown;
}
