import { describe, expect, it } from "vitest";
import {
  fieldDeletionBlockedMessage,
  GENERATED_APP_MESSAGES,
  inactiveFieldMessage,
  maxCustomFieldsMessage,
  maxToolsMessage,
  rangeMessage,
  tooLongMessage,
  tooManyMessage,
  unknownFieldTagMessage,
} from "./generated-app-messages.ts";

describe("the spec's texts", () => {
  it.each([
    ["invalidPath", "Path should contain only letters, numbers, and dashes. It cannot be empty."],
    ["activationNeedsTitle", "Your tool should have a header before it is activated"],
    ["activateToolDialogTitle", "Activate Your Tool!"],
    ["activateChatDialogTitle", "Activate Your Chat Assitant!"],
    ["fieldExists", "Field already exists"],
    ["fieldExistsTryAnother", "Field already exists, try another name"],
    ["inputReserved", "Input is a reserved field name, try another name"],
    ["optionEmpty", "Option is empty"],
    ["optionExists", "Option already exists"],
    ["categoryEmpty", "Category name cannot be empty"],
    ["categoryExists", "Category already exists"],
    ["magicEditFailed", "Magic edit failed"],
    ["magicFieldFailed", "Failed creating the field"],
    ["magicFieldNoName", "Magic edit failed, try again using a different field name"],
    ["saveFailed", "Failed saving app, your changes might be lost. Please try again or contact us"],
    ["unsavedChanges", "You have unsaved changes! Are you sure you want to leave?"],
    ["imageTooLarge", "File size to large"],
    ["imageUploadFailed", "Failed to upload image. Please try again."],
    ["imageUploaded", "Image uploaded successfully!"],
  ] as const)("%s is spelled as in the spec", (key, text) => {
    expect(GENERATED_APP_MESSAGES[key]).toBe(text);
  });

  it("fills the field name into the deletion message", () => {
    expect(fieldDeletionBlockedMessage("company")).toBe(
      "Before deleting this field, remove the [company] tag from the app instructions",
    );
  });

  it("fills the limit into the field count message", () => {
    expect(maxCustomFieldsMessage(20)).toBe(
      "There can be a maximum of 20 custom fields, contact us if you need more fields",
    );
  });
});

describe("our texts", () => {
  it("name their values", () => {
    expect(maxToolsMessage(5)).toBe(
      "Your plan includes 5 tools per app. To add more tools, upgrade your plan",
    );
    expect(unknownFieldTagMessage(["city"])).toBe("No custom field is named [city]");
    expect(unknownFieldTagMessage(["city", "age"])).toBe("No custom fields are named [city], [age]");
    expect(inactiveFieldMessage("age")).toBe(
      "This field is inactive: add its [age] tag to the instructions to use it",
    );
    expect(rangeMessage("Daily runs per user", 1, 100)).toBe("Daily runs per user must be between 1 and 100");
    expect(tooLongMessage("Instructions", 20_000)).toBe("Instructions can be at most 20,000 characters");
    expect(tooManyMessage("result blocks", 20)).toBe("You can add up to 20 result blocks");
  });
});
