import type { Embedder } from "@liftoff/ai";
import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import type { VectorSearch } from "../../apps/server/src/features/data-sources/prepare-vector-search.ts";
import { searchContext } from "../../apps/server/src/features/data-sources/search-context.ts";
import { generateChunkTexts } from "./corpus.ts";

const FILL_BATCH = 1_000;

/**
 * Chunks [from, to) of one app, spread over its synced items, as ~`chars`-character texts
 * with their tsvector computed by the database: one multi-row statement per batch (the
 * ingest path's cost is measured separately; here only the size of the index matters).
 */
export async function fillChunks(options: {
  db: Kysely<Database>;
  appId: string;
  itemIds: readonly string[];
  from: number;
  to: number;
  chars: number;
  language: string;
  /** Also an embedding per chunk (and its signs), as an ingest with an embedding model writes. */
  vectors?: { dimensions: number; search: VectorSearch } | undefined;
}): Promise<void> {
  const { db, appId, itemIds, language } = options;
  for (let from = options.from; from < options.to; from += FILL_BATCH) {
    const count = Math.min(FILL_BATCH, options.to - from);
    const texts = generateChunkTexts({ count, chars: options.chars, seed: 7_000 + from });
    const positions = texts.map((_, index) => from + index);
    await sql`insert into "context_chunks"
        ("id", "itemId", "appId", "generation", "position", "start", "end", "locator", "text", "search")
      select gen_random_uuid()::text, (${[...itemIds]}::text[])[1 + t."position" % ${itemIds.length}::int], ${appId}, 1,
        t."position", 0, length(t."text"), null, t."text", to_tsvector(${language}::regconfig, t."text")
      from unnest(${positions}::int[], ${texts}::text[]) as t("position", "text")`.execute(db);
    if (options.vectors) await fillVectors(db, appId, from, from + count, options.vectors);
  }
}

/** Topics the bench's vectors cluster around (as texts' embeddings do): `bench_topics`. */
export const BENCH_TOPICS = 200;

/**
 * Seeded topic centres (`bench_topics`, made once by the database), which fillVectors and
 * the bench embedder share.
 */
export async function createTopics(db: Kysely<Database>, dimensions: number): Promise<number[][]> {
  await sql`select setseed(0.25)`.execute(db);
  await sql`create table if not exists "bench_topics" as
    select k, array(select (random() - 0.5)::float8 + k * 0 from generate_series(1, ${dimensions}::int)) as "v"
    from generate_series(0, ${BENCH_TOPICS - 1}::int) as k`.execute(db);
  const { rows } = await sql<{ v: number[] }>`select "v" from "bench_topics" order by k`.execute(db);
  return rows.map((row) => row.v.map(Number));
}

/**
 * Chunks [from, to) get unit vectors — their topic's centre plus as much noise again, made
 * by the database (sending 384 numbers per chunk from here would take minutes) — in the
 * column the database searches, and their signs (context_chunk_signs) as the ingest writes
 * them: 1 where a value is positive.
 */
async function fillVectors(
  db: Kysely<Database>,
  appId: string,
  from: number,
  to: number,
  vectors: { dimensions: number; search: VectorSearch },
): Promise<void> {
  const raw = sql`array(select t."v"[o] + random() - 0.5 from generate_series(1, ${vectors.dimensions}::int) as o)`;
  const range = sql`c."appId" = ${appId} and c."position" >= ${from}::int and c."position" < ${to}::int`;
  if (vectors.search === "exact_scan") {
    await sql`update "context_chunks" c set "embedding" = (
        select array_agg(x / n order by o)::real[]
        from (select x, o, sqrt(sum(x * x) over ()) as n from unnest(${raw}) with ordinality as u(x, o)) z)
      from "bench_topics" t where t.k = c."position" % ${BENCH_TOPICS}::int and ${range}`.execute(db);
    await sql`insert into "context_chunk_signs" ("chunkId", "itemId", "appId", "generation", "signs")
      select c."id", c."itemId", c."appId", c."generation",
        (select string_agg(case when x > 0 then '1' else '0' end, '' order by o)
         from unnest(c."embedding") with ordinality as u(x, o))::varbit
      from "context_chunks" c where ${range}`.execute(db);
    return;
  }
  await sql`update "context_chunks" c set "embeddingVec" = l2_normalize(${raw}::vector)
    from "bench_topics" t where t.k = c."position" % ${BENCH_TOPICS}::int and ${range}`.execute(db);
  await sql`insert into "context_chunk_signs" ("chunkId", "itemId", "appId", "generation", "signs")
    select c."id", c."itemId", c."appId", c."generation", binary_quantize(c."embeddingVec")::varbit
    from "context_chunks" c where ${range}`.execute(db);
}

/**
 * An embedder for the bench: a question's vector is a topic's centre (picked by the
 * question's text) plus a little noise, so its nearest chunks are that topic's. In-process
 * and instant: the hybrid timing is the database's and ours, not a provider's.
 */
export function benchEmbedder(topics: readonly number[][]): Embedder {
  return {
    model: "bench-topics",
    async embed(texts) {
      return texts.map((text) => {
        let hash = 7;
        for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
        const centre = topics[hash % topics.length] ?? [];
        const vector = centre.map((value, index) => value + (((hash >>> (index % 16)) & 7) - 3.5) * 0.01);
        const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
        return vector.map((value) => value / length);
      });
    },
  };
}

export type RetrievalSamples = {
  ours: number[];
  floor: number[];
  oursResults: number[];
  floorResults: number[];
  /** searchContext with an embedder: full-text and vectors fused (empty when not measured). */
  hybrid: number[];
};

/**
 * Each question asked `rounds` times one at a time (one client, as one visitor's run or
 * reply asks), our searchContext (full-text only, limit 5, the server's default) and the
 * floor interleaved, alternating which goes first; one unmeasured pass first.
 */
export async function measureRetrieval(options: {
  db: Kysely<Database>;
  appId: string;
  questions: readonly string[];
  rounds: number;
  language: string;
  /** Hybrid too: the embedder and how the database searches vectors. */
  hybrid?: { embedder: Embedder; vectorSearch: VectorSearch } | undefined;
}): Promise<RetrievalSamples> {
  const { db, appId, language } = options;
  const ours = async (query: string) =>
    (await searchContext({ db, language, appId, query, embedder: null })).results.length;
  const hybrid = async (query: string) => {
    const found = await searchContext({ db, language, appId, query, ...options.hybrid });
    if (found.method !== "hybrid") throw new Error(`expected a hybrid search, got ${found.method}`);
    return found.results.length;
  };
  const floor = async (query: string) =>
    (
      await sql<{ id: string }>`select "id" from "context_chunks"
        where "appId" = ${appId} and "search" @@ websearch_to_tsquery(${language}::regconfig, ${query}) limit 5`.execute(
        db,
      )
    ).rows.length;
  for (const question of options.questions) {
    await ours(question);
    await floor(question);
    if (options.hybrid) await hybrid(question);
  }
  const samples: RetrievalSamples = { ours: [], floor: [], oursResults: [], floorResults: [], hybrid: [] };
  const timed = async (
    fn: (query: string) => Promise<number>,
    query: string,
    times: number[],
    counts: number[],
  ) => {
    const started = performance.now();
    counts.push(await fn(query));
    times.push(performance.now() - started);
  };
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, question] of options.questions.entries()) {
      if ((index + round) % 2 === 0) {
        await timed(ours, question, samples.ours, samples.oursResults);
        await timed(floor, question, samples.floor, samples.floorResults);
      } else {
        await timed(floor, question, samples.floor, samples.floorResults);
        await timed(ours, question, samples.ours, samples.oursResults);
      }
      if (options.hybrid) await timed(hybrid, question, samples.hybrid, []);
    }
  }
  return samples;
}

/** How many of the app's chunks each question matches: any of its words (ours), all of them (the floor). */
export async function matchCounts(options: {
  db: Kysely<Database>;
  appId: string;
  questions: readonly string[];
  language: string;
}): Promise<{ loose: number[]; strict: number[] }> {
  const { db, appId, language } = options;
  const loose: number[] = [];
  const strict: number[] = [];
  for (const query of options.questions) {
    const { rows } = await sql<{ loose: number; strict: number }>`
      with q as (
        select websearch_to_tsquery(${language}::regconfig, ${query}) as strict,
          coalesce(
            (select to_tsquery(${language}::regconfig, string_agg(quote_literal(lexeme), ' | '))
             from unnest(to_tsvector(${language}::regconfig, ${query})) as t(lexeme, positions, weights)),
            ''::tsquery) as loose
      )
      select count(*) filter (where c."search" @@ q.loose)::int as "loose",
        count(*) filter (where c."search" @@ q.strict)::int as "strict"
      from q, "context_chunks" c
      where c."appId" = ${appId} and (c."search" @@ q.loose or c."search" @@ q.strict)`.execute(db);
    loose.push(Number(rows[0]?.loose ?? 0));
    strict.push(Number(rows[0]?.strict ?? 0));
  }
  return { loose, strict };
}

export type PlanSummary = { top: string; usesGin: boolean; plan: string };

/**
 * EXPLAIN of our full-text query (a copy of fullTextSearch's SQL in search-context.ts,
 * which is not exported) and of the floor's, for one question: the plan's top node and
 * whether the GIN index on "search" serves the match.
 */
export async function explainQueries(options: {
  db: Kysely<Database>;
  appId: string;
  question: string;
  language: string;
}): Promise<{ ours: PlanSummary; floor: PlanSummary }> {
  const { db, appId, question, language } = options;
  const ours = await sql<{ "QUERY PLAN": string }>`explain
    with q as (
      select websearch_to_tsquery(${language}::regconfig, ${question}) as strict,
        coalesce(
          (select to_tsquery(${language}::regconfig, string_agg(quote_literal(lexeme), ' | '))
           from unnest(to_tsvector(${language}::regconfig, ${question})) as t(lexeme, positions, weights)),
          ''::tsquery) as loose
    )
    select c."id", c."itemId", c."position", c."start", c."end", c."locator", c."text",
      i."name" as "itemName", i."type" as "itemType",
      (ts_rank_cd(c."search", q.loose, 1) + case when c."search" @@ q.strict then 1 else 0 end)::float8 as "score"
    from q, "context_chunks" c
    join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
    where c."appId" = ${appId} and c."search" @@ q.loose
    order by "score" desc, c."itemId", c."position"
    limit ${5}`.execute(db);
  const floor = await sql<{ "QUERY PLAN": string }>`explain select "id" from "context_chunks"
    where "appId" = ${appId} and "search" @@ websearch_to_tsquery(${language}::regconfig, ${question}) limit 5`.execute(
    db,
  );
  return { ours: summarize(ours.rows), floor: summarize(floor.rows) };
}

function summarize(rows: { "QUERY PLAN": string }[]): PlanSummary {
  const lines = rows.map((row) => row["QUERY PLAN"]);
  const node = (line: string) =>
    line
      .replace(/\s*\(cost=.*$/, "")
      .replace(/^\s*->\s*/, "")
      .trim();
  // The top node (a Limit for both) says little alone: the scan of the chunks follows it.
  const scan = lines.find((line) => / on context_chunks\b/.test(line));
  return {
    top: [lines[0], scan].flatMap((line) => (line ? [node(line)] : [])).join(" → "),
    usesGin: lines.some((line) => line.includes("context_chunks_search_idx")),
    plan: lines.join("\n"),
  };
}
