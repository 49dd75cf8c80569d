import { AppError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { recallAtK } from "./recall-at-k.ts";

describe("recallAtK", () => {
  it("is the share of relevant ids in the top k", () => {
    const ranked = ["a", "b", "c", "d", "e", "f"];
    expect(recallAtK({ ranked, relevant: ["b"], k: 5 })).toBe(1);
    expect(recallAtK({ ranked, relevant: ["f"], k: 5 })).toBe(0);
    expect(recallAtK({ ranked, relevant: ["a", "f"], k: 5 })).toBe(0.5);
    expect(recallAtK({ ranked, relevant: ["a", "f"], k: 6 })).toBe(1);
    expect(recallAtK({ ranked, relevant: ["c", "d", "z"], k: 3 })).toBeCloseTo(1 / 3);
  });

  it("copes with short rankings and duplicates", () => {
    expect(recallAtK({ ranked: [], relevant: ["a"], k: 5 })).toBe(0);
    expect(recallAtK({ ranked: ["a", "a", "a"], relevant: ["a", "b", "a"], k: 5 })).toBe(0.5);
  });

  it("rejects a k below 1 and a query without relevant ids", () => {
    expect(() => recallAtK({ ranked: ["a"], relevant: ["a"], k: 0 })).toThrow(AppError);
    expect(() => recallAtK({ ranked: ["a"], relevant: ["a"], k: 2.5 })).toThrow(AppError);
    expect(() => recallAtK({ ranked: ["a"], relevant: [], k: 5 })).toThrow(AppError);
  });
});
