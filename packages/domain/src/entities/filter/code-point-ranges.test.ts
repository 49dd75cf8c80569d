import { describe, expect, it } from "vitest";
import { caseFoldCodePointRanges } from "./case-fold-code-point-ranges.ts";
import { complementCodePointRanges } from "./complement-code-point-ranges.ts";
import { inCodePointRanges } from "./in-code-point-ranges.ts";
import { normalizeCodePointRanges } from "./normalize-code-point-ranges.ts";

describe("code point ranges", () => {
  it("normalises: sorts, merges adjacent ranges, drops NUL and surrogates", () => {
    expect(
      normalizeCodePointRanges([
        [0x64, 0x66],
        [0x61, 0x63],
        [0x0, 0x5],
        [0xd000, 0xe005],
        [9, 8],
      ]),
    ).toEqual([
      [0x1, 0x5],
      [0x61, 0x66],
      [0xd000, 0xd7ff],
      [0xe000, 0xe005],
    ]);
  });

  it("complements within storable code points", () => {
    expect(complementCodePointRanges([[0x30, 0x39]])).toEqual([
      [0x1, 0x2f],
      [0x3a, 0xd7ff],
      [0xe000, 0x10ffff],
    ]);
    expect(complementCodePointRanges([[0x1, 0x10ffff]])).toEqual([]);
  });

  it("finds code points by binary search", () => {
    const ranges = normalizeCodePointRanges([
      [0x61, 0x7a],
      [0x30, 0x39],
      [0x1f600, 0x1f600],
    ]);
    expect(inCodePointRanges(ranges, 0x35)).toBe(true);
    expect(inCodePointRanges(ranges, 0x7a)).toBe(true);
    expect(inCodePointRanges(ranges, 0x7b)).toBe(false);
    expect(inCodePointRanges(ranges, 0x1f600)).toBe(true);
    expect(inCodePointRanges([], 0x61)).toBe(false);
  });

  it("folds case transitively and leaves uncased characters alone", () => {
    expect(caseFoldCodePointRanges([[0x73, 0x73]])).toEqual([
      [0x53, 0x53],
      [0x73, 0x73],
      [0x17f, 0x17f],
    ]);
    expect(caseFoldCodePointRanges([[0x61, 0x63]])).toEqual([
      [0x41, 0x43],
      [0x61, 0x63],
    ]);
    expect(caseFoldCodePointRanges([[0x30, 0x39]])).toEqual([[0x30, 0x39]]);
    // ß's upper case is two letters (SS): not a simple mapping, so no S.
    expect(caseFoldCodePointRanges([[0xdf, 0xdf]])).toEqual([
      [0xdf, 0xdf],
      [0x1e9e, 0x1e9e],
    ]);
  });
});
