import { AppError } from "@liftoff/domain";

/** The k of reciprocal rank fusion: 60, the value of the original paper (Cormack et al., 2009). */
export const RRF_K = 60;

/** One fused result: its score and its 1-based rank in every list that holds it, by list name. */
export type FusedRank = { id: string; score: number; ranks: Record<string, number> };

/**
 * Reciprocal rank fusion: merges ranked lists (vector search, keyword search…) into one by
 * score(id) = Σ 1 / (k + rank) over the lists holding the id, ranks 1-based. Only ranks
 * count, never the lists' own scores, so lists whose scores are not comparable (cosine
 * distances, BM25) fuse fairly; k damps the weight of the very top ranks. Sorted by score,
 * ties broken by the best single rank, then by id, so the order is deterministic. An id
 * listed twice in one list counts once, at its best rank.
 */
export function fuseRanks(options: { lists: { name: string; ids: string[] }[]; k?: number }): FusedRank[] {
  const { lists, k = RRF_K } = options;
  if (!Number.isFinite(k) || k < 0)
    throw new AppError("BAD_REQUEST", "The fusion constant k must be a number of 0 or more", { k });
  const names = new Set<string>();
  const ranksById = new Map<string, Record<string, number>>();
  for (const list of lists) {
    if (names.has(list.name))
      throw new AppError("BAD_REQUEST", "Ranked lists to fuse need distinct names", { name: list.name });
    names.add(list.name);
    list.ids.forEach((id, index) => {
      let ranks = ranksById.get(id);
      if (!ranks) {
        ranks = {};
        ranksById.set(id, ranks);
      }
      if (ranks[list.name] === undefined) ranks[list.name] = index + 1;
    });
  }
  const fused = [...ranksById].map(([id, ranks]) => {
    // Summed best rank first, so equal rank sets give bit-identical scores whatever the
    // order of the lists (floating-point addition is not associative).
    const sorted = Object.values(ranks).sort((a, b) => a - b);
    const score = sorted.reduce((sum, rank) => sum + 1 / (k + rank), 0);
    return { id, score, ranks, best: sorted[0]! };
  });
  fused.sort((a, b) => b.score - a.score || a.best - b.best || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return fused.map(({ id, score, ranks }) => ({ id, score, ranks }));
}
