import { AppError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { fuseRanks, RRF_K } from "./fuse-ranks.ts";

describe("fuseRanks", () => {
  it("fuses a vector and a keyword list (worked example, k = 60)", () => {
    expect(RRF_K).toBe(60);
    const fused = fuseRanks({
      lists: [
        { name: "vector", ids: ["a", "b", "c"] },
        { name: "keyword", ids: ["c", "a", "d"] },
      ],
    });
    // a: 1/61 + 1/62 = 0.0163934 + 0.0161290 = 0.0325225
    // c: 1/63 + 1/61 = 0.0158730 + 0.0163934 = 0.0322665
    // b: 1/62 = 0.0161290;  d: 1/63 = 0.0158730
    expect(fused.map((r) => r.id)).toEqual(["a", "c", "b", "d"]);
    expect(fused[0]!.score).toBeCloseTo(0.0325225, 6);
    expect(fused[1]!.score).toBeCloseTo(0.0322665, 6);
    expect(fused[2]!.score).toBeCloseTo(0.016129, 6);
    expect(fused[3]!.score).toBeCloseTo(0.015873, 6);
    expect(fused[0]!.ranks).toEqual({ vector: 1, keyword: 2 });
    expect(fused[1]!.ranks).toEqual({ vector: 3, keyword: 1 });
    expect(fused[3]!.ranks).toEqual({ keyword: 3 });
  });

  it("uses the given k", () => {
    const [only] = fuseRanks({ lists: [{ name: "x", ids: ["a"] }], k: 0 });
    expect(only).toEqual({ id: "a", score: 1, ranks: { x: 1 } });
  });

  it("breaks equal scores by the best single rank, then by id", () => {
    // k = 0: m has 1/2 + 1/6 = 2/3, n has 1/3 + 1/3 = 2/3; m's best rank (2) beats n's (3).
    const fused = fuseRanks({
      lists: [
        { name: "x", ids: ["f1", "m", "n", "f2", "f3", "f4"] },
        { name: "y", ids: ["f5", "f6", "n", "f7", "f8", "m"] },
      ],
      k: 0,
    });
    const ids = fused.map((r) => r.id);
    expect(fused.find((r) => r.id === "m")!.score).toBe(fused.find((r) => r.id === "n")!.score);
    expect(ids.indexOf("m")).toBeLessThan(ids.indexOf("n"));
    // Same ranks in swapped lists: a perfect tie, settled by id.
    const swapped = fuseRanks({
      lists: [
        { name: "x", ids: ["q", "p"] },
        { name: "y", ids: ["p", "q"] },
      ],
    });
    expect(swapped.map((r) => r.id)).toEqual(["p", "q"]);
    expect(swapped[0]!.score).toBe(swapped[1]!.score);
  });

  it("counts an id listed twice in one list once, at its best rank", () => {
    const [a] = fuseRanks({ lists: [{ name: "x", ids: ["a", "b", "a"] }] });
    expect(a).toEqual({ id: "a", score: 1 / 61, ranks: { x: 1 } });
  });

  it("gives nothing for no lists or empty lists", () => {
    expect(fuseRanks({ lists: [] })).toEqual([]);
    expect(fuseRanks({ lists: [{ name: "x", ids: [] }] })).toEqual([]);
  });

  it("rejects a negative k and lists sharing a name", () => {
    expect(() => fuseRanks({ lists: [], k: -1 })).toThrow(AppError);
    expect(() =>
      fuseRanks({
        lists: [
          { name: "x", ids: ["a"] },
          { name: "x", ids: ["b"] },
        ],
      }),
    ).toThrow(AppError);
  });
});
