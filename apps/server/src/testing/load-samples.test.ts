import { describe, expect, it } from "vitest";
import { maximalCsv, percentile } from "./load-samples.ts";

describe("maximalCsv", () => {
  it("has exactly maxRows rows and comes just under maxBytes", () => {
    for (const [rows, bytes] of [
      [250, 25_000],
      [1_000, 1_000_000],
    ] as const) {
      const csv = maximalCsv(rows, bytes);
      const lines = csv.trimEnd().split("\n");
      expect(lines[0]).toBe("title,body");
      expect(lines).toHaveLength(rows + 1);
      expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(bytes);
      expect(Buffer.byteLength(csv)).toBeGreaterThan(bytes - rows - 20);
    }
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });
});
