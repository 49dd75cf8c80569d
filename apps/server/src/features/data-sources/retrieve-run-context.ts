import type { RunContextPassage, SourceCitation } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { searchContext } from "./search-context.ts";
import { type IndexedItem, listIndexedItems } from "./sign-index.ts";

/** Passages a run or an assistant reply is given. */
export const RUN_CONTEXT_PASSAGES = 5;
/** Characters of a passage kept in its citation (the page shows this much under the answer). */
export const CITATION_EXCERPT_LENGTH = 300;

export type RunContext = { passages: RunContextPassage[]; sources: SourceCitation[] };

/**
 * The data-source passages for one run or reply: a search of `query` over the tool's data
 * items (a tool that chose none reads all of the app's), limited to CSV items lists for
 * 'search_similar_item'. Null when there is nothing to search (no item has been read yet),
 * so the prompt says "no data sources" rather than "nothing matched". Each passage comes
 * with the citation the answer refers to it by.
 */
export async function retrieveRunContext(options: {
  deps: Pick<Deps, "db" | "config" | "embedder" | "vectorSearch">;
  appId: string;
  query: string;
  dataItemIds?: readonly string[];
  onlyItemsLists?: boolean;
  limit?: number;
  /** The app's searchable items (id and type), when the caller has read them already. */
  indexedItems?: readonly (IndexedItem & { type: string })[];
}): Promise<RunContext | null> {
  const { deps } = options;
  const indexed = options.indexedItems ?? (await listIndexedItems(deps.db, options.appId));
  const chosen = options.dataItemIds && options.dataItemIds.length > 0 ? new Set(options.dataItemIds) : null;
  const searchable = indexed.filter(
    (item) => (chosen === null || chosen.has(item.id)) && (!options.onlyItemsLists || item.type === "csv"),
  );
  if (searchable.length === 0) return null;
  const query = options.query.trim().slice(0, 1_000);
  if (query === "") return { passages: [], sources: [] };
  const found = await searchContext({
    db: deps.db,
    language: deps.config.dataSourcesLanguage,
    appId: options.appId,
    query,
    itemIds: searchable.map((item) => item.id),
    limit: options.limit ?? RUN_CONTEXT_PASSAGES,
    embedder: deps.embedder,
    vectorSearch: deps.vectorSearch,
    // The vector search's memory pass checks its signs against this same listing.
    indexedItems: indexed,
  });
  return {
    passages: found.results.map((result) => ({
      source: result.chunk.locator ? `${result.itemName}, ${result.chunk.locator}` : result.itemName,
      text: result.chunk.text,
    })),
    sources: found.results.map((result, index) => ({
      type: "source" as const,
      ref: index + 1,
      itemId: result.chunk.itemId,
      itemName: result.itemName,
      chunkId: result.chunk.id,
      position: result.chunk.position,
      locator: result.chunk.locator,
      excerpt: result.chunk.text.slice(0, CITATION_EXCERPT_LENGTH),
    })),
  };
}
