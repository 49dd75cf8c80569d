import { describe, expect, it } from "vitest";
import { normalizeWhitespace } from "./normalize-whitespace.ts";

describe("normalizeWhitespace", () => {
  it("collapses blanks, keeps single line breaks and one blank line per paragraph break", () => {
    expect(normalizeWhitespace("  a \t\u00a0 b\r\nc\rd\n\n\n\n  e\u200b\u0007f  \f g\v h ")).toBe(
      "a b\nc\nd\n\nef\ng\nh",
    );
  });
});
