import { GRID } from "@liftoff/domain";

export type BulkDeleteProgress = { done: number; total: number };

export type BulkDeleteResult = {
  /** Ids whose chunk the server confirmed. */
  deletedIds: string[];
  cancelled: boolean;
  /** The error that stopped the run, if any. */
  error: unknown;
};

export type BulkDeleteOptions = {
  ids: readonly string[];
  /** Deletes one chunk of ids (DELETE with `ids`). */
  deleteChunk: (ids: string[]) => Promise<void>;
  /** Read after each chunk: true stops the run before the next one. */
  isCancelled: () => boolean;
  onProgress?: (progress: BulkDeleteProgress) => void;
  sleep?: (ms: number) => Promise<void>;
  chunkSize?: number;
  pauseMs?: number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Bulk delete of spec sections 4 and 9: chunks of 5 rows, a 200 ms pause between chunks,
 * cancellable (the chunk under way finishes, no later one starts), with progress. A failed
 * chunk stops the run and is reported.
 */
export async function runBulkDelete(options: BulkDeleteOptions): Promise<BulkDeleteResult> {
  const size = options.chunkSize ?? GRID.bulkDeleteChunkSize;
  const pause = options.pauseMs ?? GRID.bulkDeletePauseMs;
  const sleep = options.sleep ?? wait;
  const total = options.ids.length;
  const deletedIds: string[] = [];
  options.onProgress?.({ done: 0, total });
  for (let start = 0; start < total; start += size) {
    if (options.isCancelled()) return { deletedIds, cancelled: true, error: undefined };
    const chunk = options.ids.slice(start, start + size);
    try {
      await options.deleteChunk(chunk);
    } catch (error) {
      return { deletedIds, cancelled: false, error };
    }
    deletedIds.push(...chunk);
    options.onProgress?.({ done: deletedIds.length, total });
    if (start + size < total) {
      if (options.isCancelled()) return { deletedIds, cancelled: true, error: undefined };
      await sleep(pause);
    }
  }
  return { deletedIds, cancelled: false, error: undefined };
}
