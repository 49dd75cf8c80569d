import type { CodePointRange } from "./filter-node.ts";
import { normalizeCodePointRanges } from "./normalize-code-point-ranges.ts";

/** Highest code point with a case mapping today (Adlam, U+1E943); plane 2 and up are uncased. */
const CASED_LIMIT = 0x1ffff;

/** Every code point that is a case of another, sorted, with the group of its cases. */
type CaseTable = { codePoints: Int32Array; groups: readonly (readonly number[])[] };

let caseTable: CaseTable | undefined;

/**
 * Groups of code points that are one letter in different cases, from the engine's simple
 * (one code point to one code point) case mappings, closed transitively — so s, S and ſ
 * form one group. Built once, on the first case-insensitive $regex: the Unicode property
 * picks the 3,000-odd letters that change under case mapping out of the first two planes
 * (a few tens of milliseconds), and only those are mapped.
 */
function table(): CaseTable {
  if (caseTable) return caseTable;
  const changes = /\p{Changes_When_Casemapped}/u;
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (let codePoint = 1; codePoint <= CASED_LIMIT; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const text = String.fromCodePoint(codePoint);
    if (!changes.test(text)) continue;
    for (const mapped of [text.toLowerCase(), text.toUpperCase()]) {
      const other = mapped.codePointAt(0)!;
      // Mappings to several code points (ß → SS) are not simple mappings: skipped.
      if (other === codePoint || String.fromCodePoint(other) !== mapped) continue;
      const rootA = find(codePoint);
      const rootB = find(other);
      if (rootA !== rootB) parent.set(rootA, rootB);
    }
  }
  const byRoot = new Map<number, number[]>();
  for (const codePoint of parent.keys()) {
    const root = find(codePoint);
    byRoot.set(root, [...(byRoot.get(root) ?? []), codePoint]);
  }
  const codePoints = Int32Array.from(parent.keys()).sort();
  const groups = Array.from(codePoints, (codePoint) => byRoot.get(find(codePoint))!);
  caseTable = { codePoints, groups };
  return caseTable;
}

function firstAtLeast(values: Int32Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A set widened by every other case of each letter in it: what a character set matches
 * under $options 'i'. Ranges are folded too ([a-z] → [a-zA-Z], plus the long s and the
 * Kelvin sign, which are cases of s and k). The result is an explicit set, so the SQL
 * pattern needs no case-insensitive mode whose folding would depend on the database locale.
 */
export function caseFoldCodePointRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = normalizeCodePointRanges(ranges);
  const { codePoints, groups } = table();
  const extra: number[] = [];
  for (const [low, high] of sorted) {
    for (let index = firstAtLeast(codePoints, low); index < codePoints.length; index++) {
      if (codePoints[index]! > high) break;
      for (const other of groups[index]!) if (other < low || other > high) extra.push(other);
    }
  }
  if (extra.length === 0) return sorted;
  const added: [number, number][] = [];
  for (const codePoint of Int32Array.from(extra).sort()) {
    const last = added[added.length - 1];
    if (last && codePoint <= last[1] + 1) last[1] = Math.max(last[1], codePoint);
    else added.push([codePoint, codePoint]);
  }
  return normalizeCodePointRanges([...sorted, ...added]);
}
