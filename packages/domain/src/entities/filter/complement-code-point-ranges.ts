import type { CodePointRange } from "./filter-node.ts";
import { normalizeCodePointRanges } from "./normalize-code-point-ranges.ts";

/** Every storable code point not in the ranges (for \D, \W, \S inside a character class). */
export function complementCodePointRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const result: CodePointRange[] = [];
  let next = 0;
  for (const [low, high] of normalizeCodePointRanges(ranges)) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= 0x10ffff) result.push([next, 0x10ffff]);
  return normalizeCodePointRanges(result);
}
