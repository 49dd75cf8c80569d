import { describe, expect, it } from "vitest";
import { newRowId } from "./new-row-id.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newRowId", () => {
  it("is a version 7 UUID carrying the current time", () => {
    const before = Date.now();
    const id = newRowId();
    expect(id).toMatch(UUID_V7);
    const ms = Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
    // The counter may borrow at most a few milliseconds ahead after earlier bursts.
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThan(Date.now() + 100);
  });

  it("gives unique, strictly increasing ids, also beyond 4,096 in one millisecond", () => {
    const ids = Array.from({ length: 100_000 }, () => newRowId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) {
      if (!(ids[i - 1]! < ids[i]!)) throw new Error(`not increasing at ${i}: ${ids[i - 1]} then ${ids[i]}`);
    }
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
  });
});
