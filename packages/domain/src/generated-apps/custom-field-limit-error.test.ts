import { describe, expect, it } from "vitest";
import { customFieldLimitError } from "./custom-field-limit-error.ts";
import { SAVED_APP_LIMITS } from "./saved-app-limits.ts";

describe("customFieldLimitError", () => {
  it("allows the maximum and refuses one more with the spec's message", () => {
    const n = SAVED_APP_LIMITS.maxCustomFields;
    expect(customFieldLimitError(n)).toBeNull();
    expect(customFieldLimitError(n + 1)).toBe(
      `There can be a maximum of ${n} custom fields, contact us if you need more fields`,
    );
  });
});
