import { describe, expect, it } from "vitest";
import { canMemorizeField, fieldMemorizeError } from "./field-memorize-error.ts";

describe("fieldMemorizeError", () => {
  it("needs sign-up and never applies to photos (spec section 5)", () => {
    expect(fieldMemorizeError({ type: "text", memorize: true }, { isSignupEnabled: false })).toBe(
      "Remembering answers needs user sign-up to be turned on",
    );
    expect(fieldMemorizeError({ type: "photo", memorize: true }, { isSignupEnabled: true })).toBe(
      "Photo answers cannot be remembered",
    );
    expect(fieldMemorizeError({ type: "text", memorize: true }, { isSignupEnabled: true })).toBeNull();
    expect(fieldMemorizeError({ type: "photo", memorize: false }, { isSignupEnabled: false })).toBeNull();
  });

  it("offers the switch only where it can be on", () => {
    expect(canMemorizeField({ type: "email" }, { isSignupEnabled: true })).toBe(true);
    expect(canMemorizeField({ type: "email" }, { isSignupEnabled: false })).toBe(false);
    expect(canMemorizeField({ type: "photo" }, { isSignupEnabled: true })).toBe(false);
  });
});
