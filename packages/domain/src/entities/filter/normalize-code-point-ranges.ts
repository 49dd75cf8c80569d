import type { CodePointRange } from "./filter-node.ts";

/**
 * The code points a stored string can hold: everything but NUL and the surrogates, which
 * PostgreSQL text and jsonb refuse. Sets are clipped to it so the SQL pattern never has
 * to spell a character the database cannot store.
 */
const UNIVERSE: readonly CodePointRange[] = [
  [0x1, 0xd7ff],
  [0xe000, 0x10ffff],
];

/** Sorts, merges and clips ranges to storable code points: one canonical form per set. */
export function normalizeCodePointRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = [...ranges].filter(([low, high]) => low <= high).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  const clipped: CodePointRange[] = [];
  for (const [low, high] of merged) {
    for (const [uLow, uHigh] of UNIVERSE) {
      const from = Math.max(low, uLow);
      const to = Math.min(high, uHigh);
      if (from <= to) clipped.push([from, to]);
    }
  }
  return clipped;
}
