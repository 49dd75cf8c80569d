import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors/app-error.ts";
import { matchesFilterRegex } from "./matches-filter-regex.ts";
import { parseFilterRegex } from "./parse-filter-regex.ts";

const matches = (pattern: string, text: string, caseInsensitive = false) =>
  matchesFilterRegex(parseFilterRegex(pattern, caseInsensitive), text);

// Characters on which JavaScript's Unicode case folding and ours agree (dotless i and
// dotted I are where they differ: see case-fold-code-point-ranges.ts).
const ALPHABET = ["a", "b", "A", "B", "k", "K", "\u212a", "s", "S", "ſ", "é", "É", "😀", "0", "1", "9"];
const PUNCTUATION = [" ", "\n", "\t", "-", ".", "_", "[", "]", "$", "^", "x", "\u2028", "\u00a0"];
const text = fc.string({ unit: fc.constantFrom(...ALPHABET, ...PUNCTUATION), maxLength: 10 });

const atom = fc.constantFrom(
  ...ALPHABET.filter((char) => char !== "\u212a"),
  ".",
  "\\d",
  "\\D",
  "\\w",
  "\\W",
  "\\s",
  "\\S",
  "\\n",
  "\\t",
  "\\.",
  "\\$",
  "\\^",
  "\\[",
  "\\u00e9",
  "\\u{1F600}",
  "\\x41",
  "[ab]",
  "[^a]",
  "[a-z]",
  "[^a-z]",
  "[A-Z0-9]",
  "[\\d\\s]",
  "[^\\w]",
  "[\\D]",
  "[k-s]",
  "[é😀]",
  "[\\]a]",
  "[a\\-z]",
  "[-a]",
  "[\\b]",
  "^",
  "$",
  "-",
  "_",
  " ",
);
const quantifier = fc.constantFrom(
  "",
  "",
  "",
  "*",
  "+",
  "?",
  "{2}",
  "{0,2}",
  "{1,}",
  "{0}",
  "*?",
  "+?",
  "??",
);
const { pattern } = fc.letrec<{ pattern: string; group: string }>((tie) => ({
  pattern: fc
    .array(fc.oneof({ weight: 4, arbitrary: atom }, tie("group")), { maxLength: 4 })
    .chain((atoms) => fc.tuple(...atoms.map((item) => quantifier.map((q) => item + q))))
    .map((pieces) => pieces.join("")),
  group: fc
    .tuple(fc.array(tie("pattern"), { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([options, plain]) => `(${plain ? "?:" : ""}${options.join("|")})`),
}));

describe("matchesFilterRegex", () => {
  it.each<[string, string, boolean]>([
    ["a", "cat", true],
    ["^a", "cat", false],
    ["t$", "cat", true],
    ["^$", "", true],
    ["", "anything", true],
    ["a.c", "a\nc", true],
    ["^a.c$", "a😀c", true],
    ["colou?r", "color", true],
    ["(?:ab)+$", "xabab", true],
    ["^(ab|cd){2}$", "abcd", true],
    ["^(ab|cd){2}$", "abc", false],
    ["^a{2,3}$", "aaaa", false],
    ["[^a-z]", "abc", false],
    ["[^a-z]", "abC", true],
    ["\\d\\.\\d", "v1.2", true],
    ["\\s", "a\u00a0b", true],
    ["\\W", "abc_1", false],
    ["^\\$\\^$", "$^", true],
    ["\\u{1F600}", "hi 😀", true],
    ["[\\b]", "\b", true],
  ])("%s on %j is %s", (source, subject, expected) => {
    expect(matches(source, subject)).toBe(expected);
  });

  it("folds case for $options i, Unicode letters included", () => {
    expect(matches("^ann$", "ANN", true)).toBe(true);
    expect(matches("^é$", "É", true)).toBe(true);
    expect(matches("[a-c]", "B", true)).toBe(true);
    expect(matches("[^a]", "A", true)).toBe(false);
    expect(matches("s", "ſ", true)).toBe(true);
    expect(matches("k", "\u212a", true)).toBe(true);
    expect(matches("ann", "ANN")).toBe(false);
  });

  it("runs in linear time where backtracking engines explode", () => {
    const subject = `${"a".repeat(5_000)}!`;
    const started = performance.now();
    expect(matches("^(a|aa)*$", subject)).toBe(false);
    expect(matches("^a*a*a*a*a*a*a*a*b", subject)).toBe(false);
    expect(matches("^(x|xx|xxx)*y", "x".repeat(5_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("agrees with JavaScript's RegExp (flags s and u) wherever both accept the pattern", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        pattern,
        fc.boolean(),
        fc.array(text, { minLength: 1, maxLength: 8 }),
        (source, fold, texts) => {
          let native: RegExp;
          try {
            native = new RegExp(source, fold ? "siu" : "su");
          } catch {
            return;
          }
          let parsed: ReturnType<typeof parseFilterRegex>;
          try {
            parsed = parseFilterRegex(source, fold);
          } catch (error) {
            // Refusing is allowed (nested quantifiers, length, program size), throwing anything else is not.
            expect(isAppError(error)).toBe(true);
            return;
          }
          compared++;
          for (const subject of texts)
            expect(matchesFilterRegex(parsed, subject), `${source} on ${JSON.stringify(subject)}`).toBe(
              native.test(subject),
            );
        },
      ),
      { numRuns: 3_000 },
    );
    expect(compared).toBeGreaterThan(1_500);
  });
});
