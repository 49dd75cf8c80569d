import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff-delay.ts";

const OPTIONS = { initialDelayMs: 1000, maxDelayMs: 30_000 };

describe("backoffDelay", () => {
  it("doubles from the initial delay up to the cap (without jitter at random = 1)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, OPTIONS, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("jitters into the upper half of the window", () => {
    expect(backoffDelay(2, OPTIONS, () => 0)).toBe(2000);
    fc.assert(
      fc.property(fc.nat(100), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, random) => {
        const delay = backoffDelay(attempt, OPTIONS, () => random);
        const ceiling = Math.min(OPTIONS.maxDelayMs, OPTIONS.initialDelayMs * 2 ** attempt);
        expect(delay).toBeGreaterThanOrEqual(Math.round(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it("never overflows on huge attempt numbers", () => {
    expect(backoffDelay(1e9, OPTIONS, () => 1)).toBe(30_000);
  });
});
