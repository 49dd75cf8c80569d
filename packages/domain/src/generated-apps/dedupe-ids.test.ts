import { describe, expect, it } from "vitest";
import { dedupeIds } from "./dedupe-ids.ts";

describe("dedupeIds", () => {
  it("keeps the first and numbers later copies", () => {
    expect(dedupeIds(["a", "b", "a", "a"], 64)).toEqual(["a", "b", "a-2", "a-3"]);
  });

  it("steps over an id that already has the suffix", () => {
    expect(dedupeIds(["a", "a-2", "a"], 64)).toEqual(["a", "a-2", "a-3"]);
  });

  it("stays within the length cap", () => {
    expect(dedupeIds(["abcd", "abcd"], 4)).toEqual(["abcd", "ab-2"]);
  });
});
