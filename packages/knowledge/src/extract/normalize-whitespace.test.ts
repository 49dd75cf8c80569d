import { describe, expect, it } from "vitest";
import { normalizeWhitespace } from "./normalize-whitespace.ts";

describe("normalizeWhitespace", () => {
  it("collapses blanks, keeps single line breaks and one blank line per paragraph break", () => {
    expect(normalizeWhitespace("  a \t\u00a0 b\r\nc\rd\n\n\n\n  e\u200b\u0007f  \f g\v h ")).toBe(
      "a b\nc\nd\n\nef\ng\nh",
    );
  });

  it("turns every run of blanks into one space, exactly as the one-pass rule would", () => {
    // The rule as first written (every run, a lone space included, replaced by a space):
    // the faster pattern must give the same text for any mix of blanks and line breaks.
    const blanksToSpace = (text: string) => text.replace(/[^\S\n]+/g, " ");
    const pieces = [" ", "  ", "\t", "\u00a0", "\u2003", "\n", "a", "b", " \t", "\t "];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let n = 0; n < 5_000; n++) {
      let text = "x";
      for (let i = next() % 12; i > 0; i--) text += pieces[next() % pieces.length];
      text += "y";
      const expected = blanksToSpace(text)
        .replace(/ ?\n ?/g, "\n")
        .replace(/\n{3,}/g, "\n\n");
      expect(normalizeWhitespace(text)).toBe(expected);
    }
  });
});
