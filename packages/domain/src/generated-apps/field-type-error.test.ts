import { describe, expect, it } from "vitest";
import { availableFieldTypes, fieldTypeError } from "./field-type-error.ts";

describe("fieldTypeError", () => {
  it("keeps photo off lite, for admins too (spec section 5)", () => {
    const message = "Photo fields are not available on the free plan. Upgrade your plan to use them";
    expect(fieldTypeError("photo", { plan: "lite", isAdmin: false })).toBe(message);
    expect(fieldTypeError("photo", { plan: null, isAdmin: true })).toBe(message);
    expect(fieldTypeError("photo", { plan: "explorer", isAdmin: false })).toBeNull();
  });

  it("keeps place and tool_item_select for admins", () => {
    for (const type of ["place", "tool_item_select"] as const) {
      expect(fieldTypeError(type, { plan: "galaxy", isAdmin: false })).toBe(
        "Place and tool item fields are available to admins only",
      );
      expect(fieldTypeError(type, { plan: "lite", isAdmin: true })).toBeNull();
    }
  });

  it("offers each builder the types it may use", () => {
    expect(availableFieldTypes({ plan: "lite", isAdmin: false })).toEqual([
      "text",
      "long_text",
      "select",
      "multiselect",
      "email",
      "height",
      "weight",
    ]);
    expect(availableFieldTypes({ plan: "builder", isAdmin: true })).toHaveLength(10);
  });
});
