import { describe, expect, it } from "vitest";
import { runBulkDelete } from "./bulk-delete.ts";

const ids = Array.from({ length: 12 }, (_, i) => `r${i}`);

describe("runBulkDelete", () => {
  it("deletes in chunks of 5 with a pause between chunks", async () => {
    const chunks: string[][] = [];
    const pauses: number[] = [];
    const progress: number[] = [];
    const result = await runBulkDelete({
      ids,
      deleteChunk: async (chunk) => void chunks.push(chunk),
      isCancelled: () => false,
      sleep: async (ms) => void pauses.push(ms),
      onProgress: (p) => progress.push(p.done),
    });
    expect(chunks.map((c) => c.length)).toEqual([5, 5, 2]);
    expect(pauses).toEqual([200, 200]);
    expect(progress).toEqual([0, 5, 10, 12]);
    expect(result).toEqual({ deletedIds: ids, cancelled: false, error: undefined });
  });

  it("stops after the current chunk when cancelled", async () => {
    let cancelled = false;
    const result = await runBulkDelete({
      ids,
      deleteChunk: async () => {
        cancelled = true;
      },
      isCancelled: () => cancelled,
      sleep: async () => {},
    });
    expect(result.deletedIds).toHaveLength(5);
    expect(result.cancelled).toBe(true);
  });

  it("reports a failed chunk and keeps what was deleted", async () => {
    let calls = 0;
    const result = await runBulkDelete({
      ids,
      deleteChunk: async () => {
        calls++;
        if (calls === 2) throw new Error("boom");
      },
      isCancelled: () => false,
      sleep: async () => {},
    });
    expect(result.deletedIds).toHaveLength(5);
    expect(result.error).toBeInstanceOf(Error);
  });
});
