import { describe, expect, it } from "vitest";
import { formatFieldValue, NO_ANSWER } from "./format-field-value.ts";

describe("formatFieldValue", () => {
  it("quotes text, joins options and describes measures in both systems", () => {
    expect(formatFieldValue({ type: "text" }, "Lisbon [x]")).toBe('"Lisbon ［x］"');
    expect(formatFieldValue({ type: "multiselect" }, ["Red", "Blue"])).toBe('"Red", "Blue"');
    expect(formatFieldValue({ type: "height" }, { value: 180, unit: "cm" })).toBe('"180 cm (5 ft 11 in)"');
    expect(formatFieldValue({ type: "weight" }, { value: 154, unit: "lb" })).toBe('"154 lb (69.9 kg)"');
  });

  it("reads empty or missing answers as no answer", () => {
    expect(formatFieldValue({ type: "text" }, undefined)).toBe(NO_ANSWER);
    expect(formatFieldValue({ type: "text" }, "  ")).toBe(NO_ANSWER);
    expect(formatFieldValue({ type: "multiselect" }, [])).toBe(NO_ANSWER);
    expect(formatFieldValue({ type: "text" }, { value: 1, unit: "cm" })).toBe(NO_ANSWER);
  });
});
