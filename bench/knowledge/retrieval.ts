import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
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
  }
}

export type RetrievalSamples = {
  ours: number[];
  floor: number[];
  oursResults: number[];
  floorResults: number[];
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
}): Promise<RetrievalSamples> {
  const { db, appId, language } = options;
  const ours = async (query: string) =>
    (await searchContext({ db, language, appId, query, embedder: null })).results.length;
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
  }
  const samples: RetrievalSamples = { ours: [], floor: [], oursResults: [], floorResults: [] };
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
