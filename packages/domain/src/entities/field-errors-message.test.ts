import { describe, expect, it } from "vitest";
import { fieldErrorsMessage } from "./field-errors-message.ts";

describe("fieldErrorsMessage", () => {
  it("is the field's own message for one error", () => {
    expect(fieldErrorsMessage([{ field: "title", message: "title is required" }])).toBe("title is required");
  });

  it("joins up to three messages and counts the rest", () => {
    const errors = ["a", "b", "c", "d", "e"].map((field) => ({ field, message: `${field} is required` }));
    expect(fieldErrorsMessage(errors.slice(0, 3))).toBe("a is required; b is required; c is required");
    expect(fieldErrorsMessage(errors)).toBe("a is required; b is required; c is required; and 2 more");
  });

  it("still says something without errors", () => {
    expect(fieldErrorsMessage([])).toBe("Invalid record");
  });
});
