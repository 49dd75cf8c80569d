import { describe, expect, it } from "vitest";
import { emailFieldPersonalError } from "./email-field-personal-error.ts";

describe("emailFieldPersonalError", () => {
  it("requires e-mail fields to be personal (spec section 5)", () => {
    expect(emailFieldPersonalError({ type: "email", personal: false })).toBe(
      "An e-mail field is always personal",
    );
    expect(emailFieldPersonalError({ type: "email", personal: true })).toBeNull();
    expect(emailFieldPersonalError({ type: "text", personal: false })).toBeNull();
  });
});
