import { describe, expect, it } from "vitest";
import { fieldOptionErrors } from "./field-option-errors.ts";

describe("fieldOptionErrors", () => {
  it("flags empty options and later copies, ignoring case and spaces (spec section 5)", () => {
    expect(
      fieldOptionErrors([
        { label: "Red" },
        { label: "" },
        { label: " red " },
        { label: "Blue" },
        { label: "  " },
      ]),
    ).toEqual([null, "Option is empty", "Option already exists", null, "Option is empty"]);
  });

  it("is silent for good options", () => {
    expect(fieldOptionErrors([{ label: "a" }, { label: "b" }])).toEqual([null, null]);
  });
});
