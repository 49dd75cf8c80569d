import type { CodePointRange } from "./filter-node.ts";
import { inCodePointRanges } from "./in-code-point-ranges.ts";
import { normalizeCodePointRanges } from "./normalize-code-point-ranges.ts";

/** Highest code point with a case mapping today (Adlam, U+1E943); plane 2 and up are uncased. */
const CASED_LIMIT = 0x1ffff;

let caseClasses: Map<number, readonly number[]> | undefined;

/**
 * Groups of code points that are one letter in different cases, from the engine's simple
 * (one code point to one code point) case mappings, closed transitively — so s, S and ſ
 * form one group. Built once, on the first case-insensitive $regex (about 130,000
 * lookups, a few tens of milliseconds).
 */
function classes(): Map<number, readonly number[]> {
  if (caseClasses) return caseClasses;
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const union = (a: number, b: number) => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent.set(rootA, rootB);
  };
  for (let codePoint = 1; codePoint <= CASED_LIMIT; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const text = String.fromCodePoint(codePoint);
    for (const mapped of [text.toLowerCase(), text.toUpperCase()]) {
      const other = mapped.codePointAt(0)!;
      // Mappings to several code points (ß → SS) are not simple mappings: skipped.
      if (other !== codePoint && String.fromCodePoint(other) === mapped) union(codePoint, other);
    }
  }
  const groups = new Map<number, number[]>();
  for (const codePoint of parent.keys()) {
    const root = find(codePoint);
    const group = groups.get(root) ?? [];
    group.push(codePoint);
    groups.set(root, group);
  }
  caseClasses = new Map();
  for (const group of groups.values()) for (const codePoint of group) caseClasses.set(codePoint, group);
  return caseClasses;
}

/**
 * A set widened by every other case of each letter in it: what a character set matches
 * under $options 'i'. Ranges are folded too ([a-z] → [a-zA-Z], plus the Kelvin sign, which
 * is a case of k). The result is an explicit set, so the SQL pattern needs no
 * case-insensitive mode whose folding would depend on the database locale.
 */
export function caseFoldCodePointRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = normalizeCodePointRanges(ranges);
  const added: CodePointRange[] = [];
  for (const [codePoint, group] of classes()) {
    if (!inCodePointRanges(sorted, codePoint)) continue;
    for (const other of group) added.push([other, other]);
  }
  return normalizeCodePointRanges([...sorted, ...added]);
}
