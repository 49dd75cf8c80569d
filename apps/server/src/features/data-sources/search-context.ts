import type { Database } from "@liftoff/db";
import type { RetrievalResult, RetrievedChunk } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/** Chunks a run or a reply is given by default. */
export const RETRIEVAL_DEFAULT_LIMIT = 5;

type Row = {
  id: string;
  itemId: string;
  position: number;
  start: number;
  end: number;
  locator: string | null;
  text: string;
  itemName: string;
  itemType: string;
  score: number;
};

/**
 * Full-text retrieval over an app's searchable chunks (those of each item's finished index).
 *
 * A visitor's question is not a search-engine query: "what are your opening hours on
 * Sunday?" as websearch_to_tsquery wants every word in one chunk and finds nothing when
 * one word is elsewhere. So chunks match when they hold ANY of the query's lexemes (stop
 * words dropped by the language's dictionary), ranked by ts_rank_cd (cover density: the
 * words close together rank higher), and those that also satisfy websearch_to_tsquery —
 * all the words, "quoted phrases", -excluded words — come first. The GIN index serves the
 * match.
 */
export async function searchContext(options: {
  db: Kysely<Database>;
  language: string;
  appId: string;
  query: string;
  itemIds?: readonly string[] | undefined;
  limit?: number;
}): Promise<RetrievalResult> {
  const started = performance.now();
  const limit = options.limit ?? RETRIEVAL_DEFAULT_LIMIT;
  const language = options.language;
  const onlyItems = options.itemIds ? sql`and c."itemId" = any(${[...options.itemIds]}::text[])` : sql``;
  const found = await sql<Row>`
    with q as (
      select websearch_to_tsquery(${language}::regconfig, ${options.query}) as strict,
        coalesce(
          (select to_tsquery(${language}::regconfig, string_agg(quote_literal(lexeme), ' | '))
           from unnest(to_tsvector(${language}::regconfig, ${options.query})) as t(lexeme, positions, weights)),
          ''::tsquery) as loose
    )
    select c."id", c."itemId", c."position", c."start", c."end", c."locator", c."text",
      i."name" as "itemName", i."type" as "itemType",
      (ts_rank_cd(c."search", q.loose, 1) + case when c."search" @@ q.strict then 1 else 0 end)::float8 as "score"
    from q, "context_chunks" c
    join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
    where c."appId" = ${options.appId} and c."search" @@ q.loose ${onlyItems}
    order by "score" desc, c."itemId", c."position"
    limit ${limit}`.execute(options.db);
  const results: RetrievedChunk[] = found.rows.map((row, index) => ({
    chunk: {
      id: row.id,
      itemId: row.itemId,
      position: row.position,
      start: row.start,
      end: row.end,
      text: row.text,
      locator: row.locator,
    },
    itemName: row.itemName,
    itemType: row.itemType as RetrievedChunk["itemType"],
    score: Number(row.score),
    fullText: { rank: index + 1, score: Number(row.score) },
    vector: null,
  }));
  return { method: "full_text", results, tookMs: Math.round((performance.now() - started) * 100) / 100 };
}
