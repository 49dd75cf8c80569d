import { describe, expect, it } from "vitest";
import { fieldDeletionError, isFieldInactive } from "./field-deletion-error.ts";

describe("fieldDeletionError", () => {
  it("refuses deleting a field whose tag is in the instructions (spec section 5)", () => {
    expect(fieldDeletionError("city", "Plan a trip to [City]")).toBe(
      "Before deleting this field, remove the [city] tag from the app instructions",
    );
  });

  it("allows deleting an untagged field", () => {
    expect(fieldDeletionError("city", "Plan a trip to [town]")).toBeNull();
  });
});

describe("isFieldInactive", () => {
  it("is true for a field no tag uses", () => {
    expect(isFieldInactive("age", "For [city]")).toBe(true);
    expect(isFieldInactive("age", "For [city], aged [age]")).toBe(false);
  });
});
