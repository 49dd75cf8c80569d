import type { ContextItemPreview } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { type ContextItemRow, toContextItem } from "./to-context-item.ts";

/** Chunks shown in an item's preview (the rest are counted). */
export const PREVIEW_CHUNKS = 50;

/** GET /api/context/{id}/chunks: the item's searchable chunks as the model will see them. */
export async function readContextItemPreview(options: {
  deps: Pick<Deps, "db">;
  item: ContextItemRow;
}): Promise<ContextItemPreview> {
  const { deps, item } = options;
  const chunks =
    item.indexedGeneration === null
      ? []
      : await deps.db
          .selectFrom("context_chunks")
          .select(["id", "itemId", "position", "start", "end", "text", "locator"])
          .where("itemId", "=", item.id)
          .where("generation", "=", item.indexedGeneration)
          .orderBy("position")
          .limit(PREVIEW_CHUNKS)
          .execute();
  return {
    item: toContextItem(item),
    chunks,
    totalChunks: item.indexedGeneration === null ? 0 : item.numOfChunks,
  };
}
