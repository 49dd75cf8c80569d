import { describe, expect, it } from "vitest";
import { CUSTOM_FIELD_TYPES, customFieldSchema, emptyCustomField } from "./custom-field.ts";

const firstMessage = (value: unknown) => {
  const result = customFieldSchema.safeParse(value);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };
};

describe("custom field contract", () => {
  it("has the ten types of spec section 3", () => {
    expect(CUSTOM_FIELD_TYPES).toEqual([
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
    ]);
  });

  it.each(CUSTOM_FIELD_TYPES)("accepts a new %s field", (type) => {
    expect(customFieldSchema.parse(emptyCustomField({ name: "answer", label: "Answer", type }))).toBeTruthy();
  });

  it("starts e-mail fields personal and others not", () => {
    expect(emptyCustomField({ name: "mail", label: "Mail", type: "email" }).personal).toBe(true);
    expect(emptyCustomField({ name: "city", label: "City", type: "text" }).personal).toBe(false);
  });

  it("keeps every attribute: options with icons, step, instructions, filter, tool", () => {
    const field = {
      ...emptyCustomField({ name: "dish", label: "Dish", type: "tool_item_select" }),
      required: true,
      memorize: true,
      stepId: "step-1",
      instructions: "",
      options: [{ label: "Pasta", iconUrl: "https://cdn.example.com/pasta.png" }],
      filterCondition: "category = 'main'",
      toolId: "tool-2",
    };
    expect(customFieldSchema.parse(field)).toEqual(field);
  });

  it("gives a message per bad attribute", () => {
    const base = emptyCustomField({ name: "city", label: "City", type: "text" });
    expect(firstMessage({ ...base, name: "" })).toEqual({
      path: "name",
      message: "Field name cannot be empty",
    });
    expect(firstMessage({ ...base, name: "my city" })).toEqual({
      path: "name",
      message: "Field name can contain only letters, numbers, dashes and underscores",
    });
    expect(firstMessage({ ...base, label: "" })).toEqual({
      path: "label",
      message: "Field label cannot be empty",
    });
    expect(firstMessage({ ...base, type: "date" })?.path).toBe("type");
    expect(firstMessage({ ...base, label: "x".repeat(101) })).toEqual({
      path: "label",
      message: "Field label can be at most 100 characters",
    });
  });
});
