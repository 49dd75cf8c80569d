import { describe, expect, it } from "vitest";
import { bestBySigns, packSigns, strideOf } from "./sign-index.ts";

/** A seeded stream of numbers in [-0.5, 0.5). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

function segmentOf(vectors: number[][], dims: number) {
  const width = strideOf(dims);
  const bytes = new Uint8Array(vectors.length * width);
  vectors.forEach((vector, index) => {
    packSigns(vector.map((value) => (value > 0 ? "1" : "0")).join(""), bytes, index * width);
  });
  return { dims, ids: vectors.map((_, index) => `c${index}`), bytes };
}

describe("the in-memory signs pass", () => {
  it("packs the first character into the high bit of the first byte", () => {
    const bytes = new Uint8Array(3);
    packSigns("1000000101", bytes, 1);
    expect([...bytes]).toEqual([0, 0b1000_0001, 0b0100_0000]);
  });

  it("ranks chunks by the dot product of the question with their sign vectors (any size, not only bytes)", () => {
    for (const dims of [8, 13, 64, 384]) {
      const next = numbers(dims);
      const vectors = Array.from({ length: 500 }, () => Array.from({ length: dims }, next));
      const question = Array.from({ length: dims }, next);
      const signDot = (vector: number[]) =>
        vector.reduce((sum, value, index) => sum + (value > 0 ? 1 : -1) * question[index]!, 0);
      const expected = vectors
        .map((vector, index) => ({ id: `c${index}`, score: signDot(vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 20);
      const found = bestBySigns([segmentOf(vectors, dims)], question, 20);
      expect(found).toHaveLength(20);
      // Float32 sums can swap near-equal neighbours: compare the scores in order.
      found.forEach((id, index) => {
        const score = signDot(vectors[Number(id.slice(1))]!);
        expect(score).toBeCloseTo(expected[index]!.score, 3);
      });
    }
  });

  it("returns every chunk when fewer than asked, and none for an empty index", () => {
    const next = numbers(3);
    const vectors = Array.from({ length: 5 }, () => Array.from({ length: 16 }, next));
    expect(bestBySigns([segmentOf(vectors, 16)], Array.from({ length: 16 }, next), 20).sort()).toEqual([
      "c0",
      "c1",
      "c2",
      "c3",
      "c4",
    ]);
    expect(bestBySigns([], [0.5, -0.5], 20)).toEqual([]);
  });

  it("keeps exactly the count asked for when many chunks tie", () => {
    const same = Array.from({ length: 50 }, () => [0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8]);
    const found = bestBySigns([segmentOf(same, 8)], [1, 1, 1, 1, 1, 1, 1, 1], 7);
    expect(found).toHaveLength(7);
    expect(new Set(found).size).toBe(7);
  });
});
