import { describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error.ts";
import { parseFilterRegex } from "./parse-filter-regex.ts";

function refusal(pattern: string, caseInsensitive = false): string {
  try {
    parseFilterRegex(pattern, caseInsensitive);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    return (error as AppError).message;
  }
  throw new Error(`accepted: ${pattern}`);
}

const invalid = (reason: string) => `Invalid filter: $regex is not a valid pattern: ${reason}`;

describe("parseFilterRegex", () => {
  it("builds a tree of explicit sets", () => {
    expect(parseFilterRegex("^a.[b-d]*$", false).root).toEqual({
      type: "sequence",
      items: [
        { type: "start" },
        { type: "set", ranges: [[0x61, 0x61]], negated: false },
        { type: "any" },
        { type: "repeat", node: { type: "set", ranges: [[0x62, 0x64]], negated: false }, min: 0, max: null },
        { type: "end" },
      ],
    });
    expect(parseFilterRegex("a|b", false).root.type).toBe("alternation");
    expect(parseFilterRegex("", false).root).toEqual({ type: "sequence", items: [] });
  });

  it("writes \\D, \\W and \\S as negated sets and their class forms as complements", () => {
    expect(parseFilterRegex("\\D", false).root).toEqual({
      type: "set",
      ranges: [[0x30, 0x39]],
      negated: true,
    });
    expect(parseFilterRegex("[\\D]", false).root).toEqual({
      type: "set",
      ranges: [
        [0x1, 0x2f],
        [0x3a, 0xd7ff],
        [0xe000, 0x10ffff],
      ],
      negated: false,
    });
  });

  it("folds case into the sets for $options i", () => {
    expect(parseFilterRegex("k", true).root).toEqual({
      type: "set",
      ranges: [
        [0x4b, 0x4b],
        [0x6b, 0x6b],
        [0x212a, 0x212a],
      ],
      negated: false,
    });
    expect(parseFilterRegex("[^é]", true).root).toEqual({
      type: "set",
      ranges: [
        [0xc9, 0xc9],
        [0xe9, 0xe9],
      ],
      negated: true,
    });
  });

  it("reads escapes: control, hex, \\u, \\u{…} and surrogate pairs", () => {
    const single = (pattern: string) => (parseFilterRegex(pattern, false).root as { ranges: unknown }).ranges;
    expect(single("\\t")).toEqual([[9, 9]]);
    expect(single("\\x41")).toEqual([[0x41, 0x41]]);
    expect(single("\\u00e9")).toEqual([[0xe9, 0xe9]]);
    expect(single("\\u{1F600}")).toEqual([[0x1f600, 0x1f600]]);
    expect(single("\\ud83d\\ude00")).toEqual([[0x1f600, 0x1f600]]);
    expect(single("\\/")).toEqual([[0x2f, 0x2f]]);
    expect(single("[\\x00-\\x1f]")).toEqual([[1, 0x1f]]);
  });

  it("accepts lazy quantifiers, which match the same texts", () => {
    expect(parseFilterRegex("a*?", false).root).toEqual(parseFilterRegex("a*", false).root);
  });

  it("treats a brace that is no quantifier as a literal", () => {
    expect(parseFilterRegex("a{,2}", false).root.type).toBe("sequence");
  });

  it.each<[string, string]>([
    ["(a", invalid("missing )")],
    ["a)", invalid("unmatched )")],
    ["[a", invalid("missing ]")],
    ["[]", invalid("empty character class")],
    ["[^]", invalid("empty character class")],
    ["[z-a]", invalid("range out of order in character class")],
    ["[a-\\d]", invalid("a range cannot end in \\d, \\w or \\s")],
    ["*a", invalid("nothing to repeat")],
    ["a**", invalid("nothing to repeat")],
    ["a{2}{3}", invalid("nothing to repeat")],
    ["{2}", invalid("nothing to repeat")],
    ["^*", invalid("nothing to repeat")],
    ["a{3,2}", invalid("numbers out of order in {} quantifier")],
    ["a{101}", invalid("repetition counts are limited to 100")],
    ["a{1,1000}", invalid("repetition counts are limited to 100")],
    ["(?=a)", invalid("lookarounds, named groups and inline flags are not supported")],
    ["(?<n>a)", invalid("lookarounds, named groups and inline flags are not supported")],
    ["(?i)a", invalid("lookarounds, named groups and inline flags are not supported")],
    ["(a)\\1", invalid("backreferences and octal escapes are not supported")],
    ["\\bword", invalid("word boundaries (\\b, \\B) are not supported")],
    ["\\p{L}", invalid("Unicode property escapes are not supported")],
    ["\\q", invalid("unknown escape \\q")],
    ["\\", invalid("\\ at the end of the pattern")],
    ["\\x4", invalid("invalid hexadecimal escape")],
    ["\\u{110000}", invalid("invalid \\u{…} escape")],
    ["\\x00", invalid("NUL and lone surrogate characters are not supported")],
    ["\\ud800", invalid("NUL and lone surrogate characters are not supported")],
    ["[\\ud800]", invalid("a character class matches nothing")],
    ["(a+)+", "Invalid filter: $regex must not nest quantifiers, as in (a+)+"],
    ["(a*b?)*", "Invalid filter: $regex must not nest quantifiers, as in (a+)+"],
    ["(?:x|y{2})+", "Invalid filter: $regex must not nest quantifiers, as in (a+)+"],
    ["(.{100}){2}", "Invalid filter: $regex must not nest quantifiers, as in (a+)+"],
    ["(?:abcdefghij){100}(?:abcdefghij){100}(?:abcdefghij){100}", "Invalid filter: $regex is too complex"],
    ["x".repeat(201), "Invalid filter: $regex is longer than 200 characters"],
  ])("refuses %j", (pattern, message) => {
    expect(refusal(pattern)).toBe(message);
  });
});
