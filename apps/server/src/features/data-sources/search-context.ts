import type { Embedder } from "@liftoff/ai";
import type { Database } from "@liftoff/db";
import type { RetrievalResult, RetrievedChunk } from "@liftoff/domain";
import { fuseRanks } from "@liftoff/knowledge";
import { type Kysely, sql } from "kysely";
import { log } from "../../log.ts";
import { signsOf, toVectorLiteral } from "./insert-chunk-batch.ts";
import { HNSW_MAX_DIMENSIONS, storesPgvector, type VectorSearch } from "./prepare-vector-search.ts";
import { type IndexedItem, nearestBySigns } from "./sign-index.ts";

/** Chunks a run or a reply is given by default. */
export const RETRIEVAL_DEFAULT_LIMIT = 5;
/** Candidates each method brings to the fusion. */
export const FUSION_CANDIDATES = 20;

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

export type SearchContextOptions = {
  db: Kysely<Database>;
  language: string;
  appId: string;
  query: string;
  itemIds?: readonly string[] | undefined;
  limit?: number | undefined;
  /** With an embedder, vectors join the search and the two rankings are fused (hybrid). */
  embedder?: Embedder | null | undefined;
  /** How the stored vectors are searched (see prepare-vector-search.ts); exact scan by default. */
  vectorSearch?: VectorSearch | undefined;
  /** The app's items with a finished index, when the caller has read them (the memory pass needs them). */
  indexedItems?: readonly IndexedItem[] | undefined;
  /** Where the signs' first pass runs without an index: this process's memory (default) or SQL. */
  signsPass?: "memory" | "sql" | undefined;
};

/**
 * Retrieval over an app's searchable chunks (those of each item's finished index):
 * full-text always; with an embedding model, also the chunks nearest the question's vector
 * (pgvector's inner product where the database has it, through its HNSW index, else an exact
 * scan; the vectors are unit vectors, so the dot product is the cosine), the two
 * rankings fused by reciprocal rank fusion (k = 60). Each result says how each method
 * ranked and scored it. When the embeddings endpoint fails for the question, the answer
 * is the full-text one (logged), never an error.
 */
export async function searchContext(options: SearchContextOptions): Promise<RetrievalResult> {
  const started = performance.now();
  const limit = options.limit ?? RETRIEVAL_DEFAULT_LIMIT;
  const took = () => Math.round((performance.now() - started) * 100) / 100;
  const fullTextOnly = (rows: Row[]): RetrievalResult => ({
    method: "full_text",
    results: rows.map((row, index) => toResult(row, row.score, { rank: index + 1, score: row.score }, null)),
    tookMs: took(),
  });
  if (!options.embedder) return fullTextOnly(await fullTextSearch(options, limit));
  let vector: number[] | undefined;
  try {
    [vector] = await options.embedder.embed([options.query]);
  } catch (error) {
    log.warn("retrieval: the question could not be embedded; full-text only", { error });
  }
  const candidates = Math.max(limit, FUSION_CANDIDATES);
  if (!vector) return fullTextOnly(await fullTextSearch(options, candidates));
  // Both at once: on a server they run side by side on two connections.
  const [textRows, vectorRows] = await Promise.all([
    fullTextSearch(options, candidates),
    searchVectors(options, vector, candidates),
  ]);
  const byId = new Map<string, Row>([...vectorRows, ...textRows].map((row) => [row.id, row]));
  const rankIn = (rows: Row[]) =>
    new Map(rows.map((row, index) => [row.id, { rank: index + 1, score: row.score }]));
  const textRank = rankIn(textRows);
  const vectorRank = rankIn(vectorRows);
  const fused = fuseRanks({
    lists: [
      { name: "fullText", ids: textRows.map((row) => row.id) },
      { name: "vector", ids: vectorRows.map((row) => row.id) },
    ],
  }).slice(0, limit);
  return {
    method: "hybrid",
    results: fused.flatMap((entry) => {
      const row = byId.get(entry.id);
      return row
        ? [toResult(row, entry.score, textRank.get(entry.id) ?? null, vectorRank.get(entry.id) ?? null)]
        : [];
    }),
    tookMs: took(),
  };
}

type Rank = { rank: number; score: number };

function toResult(row: Row, score: number, fullText: Rank | null, vector: Rank | null): RetrievedChunk {
  return {
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
    score,
    fullText,
    vector,
  };
}

const onlyItemsOf = (options: SearchContextOptions, table = "c") =>
  options.itemIds ? sql`and ${sql.ref(`${table}.itemId`)} = any(${[...options.itemIds]}::text[])` : sql``;

/**
 * Chunks ranked per question, at most: the strict matches first, then any-word matches.
 * Ranking is the costly part (ts_rank_cd reads each chunk's vector): bench/knowledge
 * measured an uncapped any-word search of 100,000 chunks at 0.8–1.2 s (p50), as common words
 * matched half of them.
 */
export const RANK_CANDIDATES = { strict: 400, loose: 400 } as const;

/**
 * A visitor's question is not a search-engine query: "what are your opening hours on
 * Sunday?" as websearch_to_tsquery wants every word in one chunk and finds nothing when
 * one word is elsewhere. So chunks match when they hold ANY of the query's lexemes (stop
 * words dropped by the language's dictionary), ranked by ts_rank_cd (cover density: the
 * words close together rank higher), and those that also satisfy websearch_to_tsquery —
 * all the words, "quoted phrases", -excluded words — come first. The GIN index serves
 * both matches; only a bounded set of candidates is ranked (RANK_CANDIDATES: the strict
 * matches, then any-word ones), so a huge app answers in milliseconds, at the price that
 * among thousands of any-word matches the ranked ones are those the index gives first.
 */
async function fullTextSearch(options: SearchContextOptions, limit: number): Promise<Row[]> {
  // Enough chunks hold all the words: they rank first anyway, and the any-word match (the
  // costly one, when the question has common words) is not needed.
  const strict = await rankCandidates(options, limit, false);
  if (strict.length >= limit) return strict;
  return rankCandidates(options, limit, true);
}

async function rankCandidates(options: SearchContextOptions, limit: number, loose: boolean): Promise<Row[]> {
  const language = options.language;
  const onlyItems = onlyItemsOf(options);
  const indexed = sql`join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"`;
  const looseCandidates = loose
    ? sql`union
      (select c."id" from q, "context_chunks" c ${indexed}
       where c."appId" = ${options.appId} and c."search" @@ q.loose ${onlyItems}
       limit ${RANK_CANDIDATES.loose})`
    : sql``;
  const found = await sql<Row>`
    with q as (
      select websearch_to_tsquery(${language}::regconfig, ${options.query}) as strict,
        coalesce(
          (select to_tsquery(${language}::regconfig, string_agg(quote_literal(lexeme), ' | '))
           from unnest(to_tsvector(${language}::regconfig, ${options.query})) as t(lexeme, positions, weights)),
          ''::tsquery) as loose
    ),
    candidates as (
      (select c."id" from q, "context_chunks" c ${indexed}
       where c."appId" = ${options.appId} and c."search" @@ q.strict ${onlyItems}
       limit ${RANK_CANDIDATES.strict})
      ${looseCandidates}
    )
    select c."id", c."itemId", c."position", c."start", c."end", c."locator", c."text",
      i."name" as "itemName", i."type" as "itemType",
      (ts_rank_cd(c."search", q.loose, 1) + case when c."search" @@ q.strict then 1 else 0 end)::float8 as "score"
    from q, candidates k
    join "context_chunks" c on c."id" = k."id"
    ${indexed}
    order by "score" desc, c."itemId", c."position"
    limit ${limit}`.execute(options.db);
  return found.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/**
 * The chunks whose stored unit vectors are nearest the question's (by dot product), best
 * first. Exported for bench/knowledge, which times it alone.
 */
export async function searchVectors(
  options: SearchContextOptions,
  vector: number[],
  limit: number,
): Promise<Row[]> {
  if (options.vectorSearch === "pgvector_hnsw" && vector.length <= HNSW_MAX_DIMENSIONS)
    return pgvectorSearch(options, vector, limit);
  return signsSearch(options, vector, limit);
}

/**
 * Chunks scored exactly after the first pass, by pass and exact score: this many per
 * result asked for, and never fewer than the minimum (`firstPassCandidates`). The memory
 * pass's asymmetric score (the question's values against the stored signs) ranks closer to
 * the exact one than the SQL pass's Hamming distance. bench/knowledge/vectors at 100,000
 * clustered chunks: pgvector scores 400 candidates in ~2 ms more than 200 and keeps all of
 * the exact 20 neighbours (200: 94 %); the real[] dot product in SQL costs ~80 µs a
 * candidate in the embedded database, so it gets fewer.
 */
export const FIRST_PASS_CANDIDATES = {
  sql: { perResult: 20, min: 400 },
  memoryPgvector: { perResult: 20, min: 400 },
  memoryRealArray: { perResult: 15, min: 300 },
} as const;

export function firstPassCandidates(pass: keyof typeof FIRST_PASS_CANDIDATES, limit: number): number {
  const rule = FIRST_PASS_CANDIDATES[pass];
  return Math.max(rule.min, limit * rule.perResult);
}

/**
 * Without an index (the embedded database, a server without pgvector or above HNSW's size
 * limit): a first pass over the chunks' sign bits (context_chunk_signs, migration 0016)
 * keeps the closest few hundred chunks, and only those are scored exactly (pgvector's inner
 * product, or the real[] dot product where pgvector is missing). The first pass runs from
 * this process's memory (sign-index.ts) unless the app is too large for it; then in SQL,
 * by the Hamming distance between the question's signs and each chunk's, which tracks the
 * angle between the vectors. bench/knowledge/vectors measures both passes against the
 * exact scan, and how many of the exact scan's neighbours are kept.
 *
 * In SQL, only the candidates are checked against their item's finished index: joined row
 * by row in the first pass, that check took 36 of its 80 ms at 100,000 chunks. Signs of an
 * index still being written (or of an attempt that failed, until the sweep deletes its
 * chunks) can take places among the candidates and are dropped after; at worst a re-synced
 * item's two generations share the candidates for the length of its ingest. (The memory
 * pass holds finished indexes only.)
 */
async function signsSearch(options: SearchContextOptions, vector: number[], limit: number): Promise<Row[]> {
  const size = sql.raw(String(vector.length));
  const inMemory =
    options.signsPass === "sql"
      ? null
      : await nearestBySigns(options.db, {
          appId: options.appId,
          itemIds: options.itemIds,
          indexedItems: options.indexedItems,
          vector,
          count: firstPassCandidates(
            storesPgvector(options.vectorSearch) ? "memoryPgvector" : "memoryRealArray",
            limit,
          ),
        });
  if (inMemory?.length === 0) return [];
  const candidates = inMemory
    ? sql`select k."chunkId" from unnest(${inMemory}::text[]) as k("chunkId")`
    : sql`
      select s."chunkId" from "context_chunk_signs" s
      where s."appId" = ${options.appId} and length(s."signs") = ${vector.length}::int
        ${onlyItemsOf(options, "s")}
      order by bit_count(s."signs" # ${signsOf(vector)}::varbit), s."chunkId"
      limit ${firstPassCandidates("sql", limit)}`;
  const score = storesPgvector(options.vectorSearch)
    ? sql`(-(c."embeddingVec"::vector(${size}) <#> ${toVectorLiteral(vector)}::vector(${size})))::float8`
    : sql`(select sum(a * b) from unnest(c."embedding", ${vector}::real[]) as t(a, b))::float8`;
  const found = await sql<Row>`
    with "candidates" as (${candidates})
    select c."id", c."itemId", c."position", c."start", c."end", c."locator", c."text",
      i."name" as "itemName", i."type" as "itemType", ${score} as "score"
    from "candidates" k
    join "context_chunks" c on c."id" = k."chunkId"
    join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
    where c."appId" = ${options.appId}
    order by "score" desc nulls last, c."itemId", c."position"
    limit ${limit}`.execute(options.db);
  return found.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/**
 * pgvector's negative inner product (`<#>`), in the form the HNSW index of the question's
 * dimension count serves where there is one (prepare-vector-search.ts: one partial index per
 * size, on servers). The index scan is iterative, so a filter (this app, these items, the
 * finished index) that drops the first neighbours found still fills the limit. Without the
 * index (the embedded database, above HNSW's size limit) the same query is an exact scan.
 */
async function pgvectorSearch(
  options: SearchContextOptions,
  vector: number[],
  limit: number,
): Promise<Row[]> {
  const size = sql.raw(String(vector.length));
  const question = toVectorLiteral(vector);
  const search = (db: Kysely<Database>) =>
    sql<Row>`
    select c."id", c."itemId", c."position", c."start", c."end", c."locator", c."text",
      i."name" as "itemName", i."type" as "itemType",
      (-(c."embeddingVec"::vector(${size}) <#> ${question}::vector(${size})))::float8 as "score"
    from "context_chunks" c
    join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
    where vector_dims(c."embeddingVec") = ${size} and c."appId" = ${options.appId} ${onlyItemsOf(options)}
    order by c."embeddingVec"::vector(${size}) <#> ${question}::vector(${size})
    limit ${limit}`.execute(db);
  const found =
    options.vectorSearch === "pgvector_hnsw" && vector.length <= HNSW_MAX_DIMENSIONS
      ? await options.db.transaction().execute(async (tx) => {
          await sql`set local hnsw.iterative_scan = strict_order`.execute(tx);
          await sql`set local hnsw.ef_search = ${sql.raw(String(Math.max(40, limit * 2)))}`.execute(tx);
          return search(tx);
        })
      : await search(options.db);
  return found.rows.map((row) => ({ ...row, score: Number(row.score) }));
}
