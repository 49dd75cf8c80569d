import type { CodePointRange, FilterRegex, FilterRegexNode } from "@liftoff/domain";

/**
 * Writes a parsed $regex as a PostgreSQL ARE pattern, for `~` with the pattern as a bound
 * parameter. It is generated from the tree, never copied from the input: every character
 * but ASCII letters and digits is written as a \uXXXX / \UXXXXXXXX escape, sets as explicit
 * bracket ranges (case folding already applied, so `~` and not `~*`, and no locale), and
 * every group as (?:…). PostgreSQL's defaults then give exactly the in-memory meaning:
 * `.` and [^…] match newlines, `^` and `$` only at the ends of the text.
 */
export function toPostgresRegex(regex: FilterRegex): string {
  return `(?:${write(regex.root)})`;
}

function write(node: FilterRegexNode): string {
  switch (node.type) {
    case "any":
      return ".";
    case "start":
      return "^";
    case "end":
      return "$";
    case "set": {
      const only = node.ranges[0]!;
      if (!node.negated && node.ranges.length === 1 && only[0] === only[1]) return character(only[0]);
      return `[${node.negated ? "^" : ""}${node.ranges.map(range).join("")}]`;
    }
    case "sequence":
      return node.items.length === 0 ? "(?:)" : node.items.map(write).join("");
    case "alternation":
      return `(?:${node.options.map(write).join("|")})`;
    case "repeat":
      return `(?:${write(node.node)})${quantifier(node.min, node.max)}`;
  }
}

function quantifier(min: number, max: number | null): string {
  if (max === null) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function range([low, high]: CodePointRange): string {
  return low === high ? character(low) : `${character(low)}-${character(high)}`;
}

function character(codePoint: number): string {
  if (
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a)
  ) {
    return String.fromCodePoint(codePoint);
  }
  const hex = codePoint.toString(16);
  return codePoint <= 0xffff ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
}
