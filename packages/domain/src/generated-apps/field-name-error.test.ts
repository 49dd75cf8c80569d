import { describe, expect, it } from "vitest";
import { fieldNameError } from "./field-name-error.ts";

describe("fieldNameError", () => {
  it("accepts a new name", () => {
    expect(fieldNameError("city", ["age"])).toBeNull();
  });

  it("refuses a name another field has, ignoring case (spec section 5)", () => {
    expect(fieldNameError("City", ["age", "city"])).toBe("Field already exists, try another name");
  });

  it("reserves 'input' in any case", () => {
    for (const name of ["input", "INPUT", "Input"])
      expect(fieldNameError(name, [])).toBe("Input is a reserved field name, try another name");
  });

  it("refuses empty, untaggable and over-long names", () => {
    expect(fieldNameError(" ", [])).toBe("Field name cannot be empty");
    expect(fieldNameError("my city", [])).toBe(
      "Field name can contain only letters, numbers, dashes and underscores",
    );
    expect(fieldNameError("x".repeat(41), [])).toBe("Field name can be at most 40 characters");
  });

  it("refuses __proto__, which a run's answers could never be keyed by", () => {
    expect(fieldNameError("__proto__", [])).toBe("This name is reserved, try another name");
    expect(fieldNameError("__PROTO__", [])).toBe("This name is reserved, try another name");
    expect(fieldNameError("constructor", [])).toBeNull();
  });
});
