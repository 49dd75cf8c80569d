import { caseFoldCodePointRanges } from "./case-fold-code-point-ranges.ts";
import { complementCodePointRanges } from "./complement-code-point-ranges.ts";
import { filterError } from "./filter-error.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import type { CodePointRange, FilterRegex, FilterRegexNode } from "./filter-node.ts";
import { normalizeCodePointRanges } from "./normalize-code-point-ranges.ts";

const DIGITS: readonly CodePointRange[] = [[0x30, 0x39]];
const WORD: readonly CodePointRange[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// JavaScript's \s: the ECMAScript WhiteSpace and LineTerminator characters.
const SPACE: readonly CodePointRange[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const SHORTHANDS: Readonly<Record<string, readonly CodePointRange[]>> = { d: DIGITS, w: WORD, s: SPACE };
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };
const BOUNDS = /^\{(\d+)(?:(,)(\d*))?\}/;

type ClassItem = { kind: "char"; codePoint: number } | { kind: "set"; ranges: readonly CodePointRange[] };

/**
 * Reads a $regex into a FilterRegex. The language is the part of JavaScript regular
 * expressions that is truly regular, so that "does the text contain a match" has one
 * answer whatever the engine: literals and escapes, `.`, classes with ranges and negation,
 * \d \w \s (ASCII digits and word characters, JavaScript's white space) and their negations,
 * `^` and `$` (start and end of the whole text), groups, alternation and the quantifiers
 * `* + ? {n} {n,} {n,m}` (lazy forms accepted, same result). Characters are code points;
 * `.` matches any, newlines included. $options 'i' widens every set by the other cases
 * of its letters. Backreferences, lookarounds, word boundaries and property escapes are
 * refused with a 400, as are nested quantifiers such as `(a+)+` — the shape behind
 * catastrophic backtracking in engines that backtrack (ours does not: see
 * matches-filter-regex.ts).
 */
export function parseFilterRegex(pattern: string, caseInsensitive: boolean): FilterRegex {
  if (pattern.length > FILTER_LIMITS.maxRegexLength) {
    throw filterError(`$regex is longer than ${FILTER_LIMITS.maxRegexLength} characters`);
  }
  const chars = Array.from(pattern, (char) => char);
  let position = 0;
  const fail = (reason: string) => filterError(`$regex is not a valid pattern: ${reason}`);
  const is = (char: string) => chars[position] === char;

  function set(ranges: readonly CodePointRange[], negated: boolean): FilterRegexNode {
    const positive = normalizeCodePointRanges(caseInsensitive ? caseFoldCodePointRanges(ranges) : ranges);
    if (positive.length === 0) {
      if (negated) return { type: "any" };
      throw fail("a character class matches nothing");
    }
    return { type: "set", ranges: positive, negated };
  }

  function literal(codePoint: number): FilterRegexNode {
    if (codePoint === 0 || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
      throw fail("NUL and lone surrogate characters are not supported");
    }
    return set([[codePoint, codePoint]], false);
  }

  function hex(length: number): number {
    const digits = chars.slice(position, position + length).join("");
    if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) throw fail("invalid hexadecimal escape");
    position += length;
    return Number.parseInt(digits, 16);
  }

  // \xHH, \uHHHH (a surrogate pair written as two escapes is one character) and \u{H…}.
  function hexEscape(kind: string): number {
    if (kind === "x") return hex(2);
    if (is("{")) {
      const close = chars.indexOf("}", position);
      const digits = close < 0 ? "" : chars.slice(position + 1, close).join("");
      if (!/^[0-9a-fA-F]{1,6}$/.test(digits) || Number.parseInt(digits, 16) > 0x10ffff) {
        throw fail("invalid \\u{…} escape");
      }
      position = close + 1;
      return Number.parseInt(digits, 16);
    }
    const unit = hex(4);
    if (unit >= 0xd800 && unit <= 0xdbff && chars[position] === "\\" && chars[position + 1] === "u") {
      const saved = position;
      position += 2;
      const low = /^[0-9a-fA-F]{4}$/.test(chars.slice(position, position + 4).join("")) ? hex(4) : -1;
      if (low >= 0xdc00 && low <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
      position = saved;
    }
    return unit;
  }

  // One escape after a backslash; inside a class \D \W \S become explicit complements.
  function readEscape(inClass: boolean): ClassItem | FilterRegexNode {
    const char = chars[position++];
    if (char === undefined) throw fail("\\ at the end of the pattern");
    if (/^[dwsDWS]$/.test(char)) {
      const shorthand = SHORTHANDS[char.toLowerCase()]!;
      const negated = char !== char.toLowerCase();
      if (!inClass) return set(shorthand, negated);
      return { kind: "set", ranges: negated ? complementCodePointRanges(shorthand) : shorthand };
    }
    let codePoint: number;
    if (CONTROL_ESCAPES[char] !== undefined) codePoint = CONTROL_ESCAPES[char]!;
    else if (char === "x" || char === "u") codePoint = hexEscape(char);
    else if (char === "b" && inClass) codePoint = 0x08;
    else if (char === "b" || char === "B") throw fail("word boundaries (\\b, \\B) are not supported");
    else if (/^[0-9]$/.test(char)) throw fail("backreferences and octal escapes are not supported");
    else if (char === "p" || char === "P") throw fail("Unicode property escapes are not supported");
    else if (/^[A-Za-z]$/.test(char)) throw fail(`unknown escape \\${char}`);
    else codePoint = char.codePointAt(0)!;
    return inClass ? { kind: "char", codePoint } : literal(codePoint);
  }

  function classItem(): ClassItem {
    const char = chars[position++]!;
    if (char === "\\") return readEscape(true) as ClassItem;
    return { kind: "char", codePoint: char.codePointAt(0)! };
  }

  function characterClass(): FilterRegexNode {
    const negated = is("^");
    if (negated) position++;
    if (is("]")) throw fail("empty character class");
    const ranges: CodePointRange[] = [];
    for (;;) {
      if (position >= chars.length) throw fail("missing ]");
      if (is("]")) {
        position++;
        break;
      }
      const item = classItem();
      if (item.kind === "char" && is("-") && position + 1 < chars.length && chars[position + 1] !== "]") {
        position++;
        const high = classItem();
        if (high.kind !== "char") throw fail("a range cannot end in \\d, \\w or \\s");
        if (high.codePoint < item.codePoint) throw fail("range out of order in character class");
        ranges.push([item.codePoint, high.codePoint]);
      } else if (item.kind === "char") ranges.push([item.codePoint, item.codePoint]);
      else ranges.push(...item.ranges);
    }
    return set(ranges, negated);
  }

  // A quantifier at the position, if one is there: [min, max (null = unbounded), length].
  function quantifierAt(at: number): [number, number | null, number] | null {
    const char = chars[at];
    if (char === "*") return [0, null, 1];
    if (char === "+") return [1, null, 1];
    if (char === "?") return [0, 1, 1];
    if (char !== "{") return null;
    const match = BOUNDS.exec(chars.slice(at, at + 24).join(""));
    if (!match) return null;
    const min = Number(match[1]);
    const max = match[2] ? (match[3] ? Number(match[3]) : null) : min;
    return [min, max, match[0].length];
  }

  function quantified(node: FilterRegexNode): FilterRegexNode {
    const quantifier = quantifierAt(position);
    if (!quantifier) return node;
    const [min, max, length] = quantifier;
    if (node.type === "start" || node.type === "end") throw fail("nothing to repeat");
    position += length;
    if (is("?")) position++;
    if (quantifierAt(position)) throw fail("nothing to repeat");
    if (min > FILTER_LIMITS.maxRegexRepeat || (max ?? 0) > FILTER_LIMITS.maxRegexRepeat) {
      throw fail(`repetition counts are limited to ${FILTER_LIMITS.maxRegexRepeat}`);
    }
    if (max !== null && max < min) throw fail("numbers out of order in {} quantifier");
    if (containsRepeat(node)) throw filterError("$regex must not nest quantifiers, as in (a+)+");
    return { type: "repeat", node, min, max };
  }

  function atom(): FilterRegexNode {
    const char = chars[position++]!;
    switch (char) {
      case "(": {
        if (is("?")) {
          if (chars[position + 1] !== ":") {
            throw fail("lookarounds, named groups and inline flags are not supported");
          }
          position += 2;
        }
        const inner = alternation();
        if (!is(")")) throw fail("missing )");
        position++;
        return inner;
      }
      case "[":
        return characterClass();
      case ".":
        return { type: "any" };
      case "^":
        return { type: "start" };
      case "$":
        return { type: "end" };
      case "\\":
        return readEscape(false) as FilterRegexNode;
      case "*":
      case "+":
      case "?":
        throw fail("nothing to repeat");
      case "{":
        if (quantifierAt(position - 1)) throw fail("nothing to repeat");
        return literal(0x7b);
      default:
        return literal(char.codePointAt(0)!);
    }
  }

  function sequence(): FilterRegexNode {
    const items: FilterRegexNode[] = [];
    while (position < chars.length && !is("|") && !is(")")) items.push(quantified(atom()));
    return items.length === 1 ? items[0]! : { type: "sequence", items };
  }

  function alternation(): FilterRegexNode {
    const options = [sequence()];
    while (is("|")) {
      position++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { type: "alternation", options };
  }

  const root = alternation();
  if (position < chars.length) throw fail("unmatched )");
  if (regexProgramSize(root) > FILTER_LIMITS.maxRegexProgram) throw filterError("$regex is too complex");
  return { source: pattern, caseInsensitive, root };
}

function containsRepeat(node: FilterRegexNode): boolean {
  switch (node.type) {
    case "repeat":
      return true;
    case "sequence":
      return node.items.some(containsRepeat);
    case "alternation":
      return node.options.some(containsRepeat);
    default:
      return false;
  }
}

/** Instructions the matcher's automaton will have (counted repetitions expanded). */
export function regexProgramSize(node: FilterRegexNode): number {
  switch (node.type) {
    case "sequence":
      return node.items.reduce((sum, item) => sum + regexProgramSize(item), 0);
    case "alternation":
      return node.options.reduce((sum, option) => sum + regexProgramSize(option), node.options.length - 1);
    case "repeat": {
      const body = regexProgramSize(node.node);
      const optional = node.max === null ? body + 1 : (node.max - node.min) * (body + 1);
      return node.min * body + optional;
    }
    default:
      return 1;
  }
}
