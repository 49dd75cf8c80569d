import { AppError } from "@liftoff/domain";

/**
 * Recall@k of one query: the share of its relevant ids found among the first k ranked
 * ids (0 to 1). Duplicates count once. A labelled query has at least one relevant id, so
 * none is the caller's mistake rather than a recall of 0 or 1.
 */
export function recallAtK(options: { ranked: string[]; relevant: string[]; k: number }): number {
  const { ranked, relevant, k } = options;
  if (!Number.isInteger(k) || k < 1)
    throw new AppError("BAD_REQUEST", "k must be a positive whole number", { k });
  const wanted = new Set(relevant);
  if (wanted.size === 0) throw new AppError("BAD_REQUEST", "A query needs at least one relevant id");
  const found = new Set(ranked.slice(0, k).filter((id) => wanted.has(id)));
  return found.size / wanted.size;
}
