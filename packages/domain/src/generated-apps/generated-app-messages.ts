/**
 * User-facing texts of the generated-app and single-tool builder. Those marked "spec" are
 * copied verbatim from the product specification (sections 2, 5, 6 and 8); the others are
 * ours, chosen where the spec names a rule but gives no text (docs/defaults.md lists them).
 */
export const GENERATED_APP_MESSAGES = {
  // spec
  invalidPath: "Path should contain only letters, numbers, and dashes. It cannot be empty.",
  activationNeedsTitle: "Your tool should have a header before it is activated",
  activateToolDialogTitle: "Activate Your Tool!",
  activateChatDialogTitle: "Activate Your Chat Assitant!",
  fieldExists: "Field already exists",
  fieldExistsTryAnother: "Field already exists, try another name",
  inputReserved: "Input is a reserved field name, try another name",
  optionEmpty: "Option is empty",
  optionExists: "Option already exists",
  categoryEmpty: "Category name cannot be empty",
  categoryExists: "Category already exists",
  magicEditFailed: "Magic edit failed",
  magicFieldFailed: "Failed creating the field",
  magicFieldNoName: "Magic edit failed, try again using a different field name",
  saveFailed: "Failed saving app, your changes might be lost. Please try again or contact us",
  unsavedChanges: "You have unsaved changes! Are you sure you want to leave?",
  imageTooLarge: "File size to large",
  imageUploadFailed: "Failed to upload image. Please try again.",
  imageUploaded: "Image uploaded successfully!",
  // ours
  duplicatePath: "Another tool of this app already uses this path",
  singleToolCount: "A single tool holds exactly one tool",
  fieldNameEmpty: "Field name cannot be empty",
  fieldNamePattern: "Field name can contain only letters, numbers, dashes and underscores",
  fieldNameReserved: "This name is reserved, try another name",
  fieldLabelEmpty: "Field label cannot be empty",
  emailAlwaysPersonal: "An e-mail field is always personal",
  selectNeedsOptions: "Add at least one option",
  photoNotOnLite: "Photo fields are not available on the free plan. Upgrade your plan to use them",
  adminOnlyFieldType: "Place and tool item fields are available to admins only",
  memorizeNeedsSignup: "Remembering answers needs user sign-up to be turned on",
  memorizeNotForPhoto: "Photo answers cannot be remembered",
  unknownStep: "Choose one of the tool's input steps",
  unknownToolForField: "Choose a tool of this app",
  stepsNeeded: "Add at least one input step",
  duplicateId: "Another item already uses this id",
  ctaLinkInvalid: "Call to action link must be a valid URL starting with http:// or https://",
  urlInvalid: "Enter a valid URL starting with http:// or https://",
  colorInvalid: "Enter a colour as #RGB or #RRGGBB",
  tooManyExamples: "You can add up to 3 examples",
  temperatureStep: "Temperature must be a multiple of 0.1",
  minAboveMax: "The minimum cannot be above the maximum",
  jsonSchemaInvalid: "JSON schema must be a JSON object",
  jsonSchemaTooLong: "JSON schema is too long",
  watermarkNeedsUpgrade: "Upgrade your plan to hide the watermark",
  adminOnlySetting: "Only admins can change this setting",
} as const;

/** Spec section 5, with the field's name in its tag. */
export function fieldDeletionBlockedMessage(name: string): string {
  return `Before deleting this field, remove the [${name}] tag from the app instructions`;
}

/** Spec section 5, with the per-tool field limit. */
export function maxCustomFieldsMessage(n: number): string {
  return `There can be a maximum of ${n} custom fields, contact us if you need more fields`;
}

/** Ours: the spec says the tools-per-app limit "blocks adding more" but gives no text. */
export function maxToolsMessage(n: number): string {
  return `Your plan includes ${n} tools per app. To add more tools, upgrade your plan`;
}

/** Ours: a tag in the instructions that names no custom field (and is not [input]). */
export function unknownFieldTagMessage(tags: readonly string[]): string {
  const list = tags.map((tag) => `[${tag}]`).join(", ");
  return tags.length === 1 ? `No custom field is named ${list}` : `No custom fields are named ${list}`;
}

/** Ours: spec section 5 flags an untagged field as inactive. */
export function inactiveFieldMessage(name: string): string {
  return `This field is inactive: add its [${name}] tag to the instructions to use it`;
}

/** Ours: a number out of its range. */
export function rangeMessage(label: string, min: number, max: number): string {
  return `${label} must be between ${min} and ${max}`;
}

/** Ours: a text over its length cap. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} can be at most ${max.toLocaleString("en-US")} characters`;
}

/** Ours: a list over its size cap. */
export function tooManyMessage(label: string, max: number): string {
  return `You can add up to ${max} ${label}`;
}
