/**
 * bench/knowledge/vectors — how data sources' vectors are searched without an index (issue
 * 17): on the embedded PGlite, which ships pgvector, and on a server without pgvector. One
 * app's chunks with unit vectors, the 20 chunks nearest a question's vector (the fusion's
 * candidates), side by side:
 *
 * - ours: searchVectors — a first pass over the chunks' sign bits (context_chunk_signs, 48
 *   bytes a chunk, held in this process's memory: sign-index.ts) keeps the closest few
 *   hundred, which are then scored exactly by pgvector's inner product ("pgvector" mode);
 * - the same first pass in SQL (the Hamming distance; what apps too large for memory get);
 * - ours without pgvector ("exact_scan" mode): the same first passes, then the real[] dot
 *   product in SQL (before the first pass, this scan of every chunk outlived the 15 s
 *   statement timeout at 100,000 chunks);
 * - exact (the floor, and what ours did before): pgvector's bare ORDER BY … LIMIT over all of
 *   the app's chunks, no join, no score. Its neighbours are the truth ours is checked against.
 *
 * Two spreads of vectors: "clustered" (200 topics, each chunk its topic's centre plus as much
 * noise again: neighbours share a topic, as texts' embeddings do) and "random" (no structure
 * at all: the first pass's worst case). Questions are stored vectors with a little noise.
 * Vectors are seeded ones made by the database. Options: --sizes 10000,100000 --dims 384
 * --questions 40. Prints markdown and saves it to bench/results/vectors-<date>.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { toVectorLiteral } from "../../apps/server/src/features/data-sources/insert-chunk-batch.ts";
import { prepareVectorSearch } from "../../apps/server/src/features/data-sources/prepare-vector-search.ts";
import {
  firstPassCandidates,
  searchVectors,
} from "../../apps/server/src/features/data-sources/search-context.ts";
import { forgetSignIndex } from "../../apps/server/src/features/data-sources/sign-index.ts";
import { markdownTable, ROOT } from "../support.ts";
import { insertContextItem, openBenchDatabase, seedApp } from "./bench-database.ts";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    dims: { type: "string", default: "384" },
    questions: { type: "string", default: "40" },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const DIMS = Number(args.dims);
const QUESTIONS = Number(args.questions);
const LIMIT = 20;

/** The searches timed side by side, ours first. */
const VARIANTS = [
  {
    label: "ours (signs in memory, then pgvector)",
    options: { vectorSearch: "pgvector", signsPass: "memory" },
  },
  { label: "signs in SQL, then pgvector", options: { vectorSearch: "pgvector", signsPass: "sql" } },
  {
    label: "ours without pgvector (signs in memory, then real[])",
    options: { vectorSearch: "exact_scan", signsPass: "memory" },
  },
  { label: "without pgvector, signs in SQL", options: { vectorSearch: "exact_scan", signsPass: "sql" } },
] as const;
const FILL_BATCH = 1_000;
const APP = "bench-vectors";
const ITEMS = Array.from({ length: 10 }, (_, index) => `bench-vectors-item-${index}`);

/** mulberry32: seeded, so every run writes the same vectors. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unit(vector: number[]): number[] {
  const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / length);
}

type Spread = "clustered" | "random";
const SPREADS: Spread[] = ["clustered", "random"];
const TOPICS = 200;
const appOf = (spread: Spread) => `${APP}-${spread}`;
const itemsOf = (spread: Spread) => ITEMS.map((id) => `${id}-${spread}`);

/**
 * Chunks [from, to) of a spread with seeded unit vectors made by the database (l2_normalize
 * of an array): generating and sending 384 numbers per chunk from here would take minutes.
 * Their signs as the ingest writes them (binary_quantize sets the bits of positive values,
 * as signsOf does).
 */
async function fill(db: Kysely<Database>, spread: Spread, from: number, to: number): Promise<void> {
  await sql`select setseed(${(from % 1000) / 1000})`.execute(db);
  const app = appOf(spread);
  const items = itemsOf(spread);
  for (let start = from; start < to; start += FILL_BATCH) {
    const end = Math.min(to, start + FILL_BATCH);
    const vector =
      spread === "random"
        ? sql`array(select random() - 0.5 + p * 0 from generate_series(1, ${DIMS}::int))`
        : sql`array(select t."v"[o] + random() - 0.5 from generate_series(1, ${DIMS}::int) as o)`;
    await sql`insert into "context_chunks"
        ("id", "itemId", "appId", "generation", "position", "start", "end", "text", "search", "embeddingVec")
      select gen_random_uuid()::text, (${items}::text[])[1 + p % ${items.length}::int], ${app}, 1,
        p, 0, 10, 'chunk', ''::tsvector, l2_normalize(${vector}::vector)
      from generate_series(${start}::int, ${end - 1}::int) as p
      join "bench_topics" t on t."k" = p % ${TOPICS}::int`.execute(db);
    await sql`update "context_chunks" set "embedding" = "embeddingVec"::real[]
      where "appId" = ${app} and "position" >= ${start} and "position" < ${end}`.execute(db);
    await sql`insert into "context_chunk_signs" ("chunkId", "itemId", "appId", "generation", "signs")
      select "id", "itemId", "appId", "generation", binary_quantize("embeddingVec")::varbit
      from "context_chunks" where "appId" = ${app} and "position" >= ${start} and "position" < ${end}`.execute(
      db,
    );
  }
}

/** Stored chunks' vectors with a little noise: each question has true near neighbours. */
async function questionsFor(db: Kysely<Database>, spread: Spread, size: number): Promise<number[][]> {
  const next = random(99 + size);
  const questions: number[][] = [];
  for (let index = 0; index < QUESTIONS; index++) {
    const position = Math.floor(next() * size);
    const found = await sql<{ vector: string }>`select "embeddingVec"::text as "vector" from "context_chunks"
      where "appId" = ${appOf(spread)} and "position" = ${position}`.execute(db);
    const base = JSON.parse(found.rows[0]?.vector ?? "[]") as number[];
    questions.push(unit(base.map((value) => value + (next() - 0.5) * 0.08)));
  }
  return questions;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => value.toFixed(1);

async function timed<T>(fn: () => Promise<T>, times: number[]): Promise<T> {
  const started = performance.now();
  const result = await fn();
  times.push(performance.now() - started);
  return result;
}

async function main(): Promise<void> {
  const opened = await openBenchDatabase("pglite");
  if ("skipped" in opened) throw new Error(opened.skipped);
  const { db } = opened;
  const rows: (string | number)[][] = [];
  try {
    if ((await prepareVectorSearch(db, "pglite")) !== "pgvector")
      throw new Error("pgvector is not available");
    await seedApp(db, APP);
    await sql`create table "bench_topics" as
      select k, array(select random() - 0.5 + k * 0 from generate_series(1, ${DIMS}::int)) as "v"
      from generate_series(0, ${TOPICS - 1}::int) as k`.execute(db);
    for (const spread of SPREADS) {
      await seedApp(db, appOf(spread), { owner: false });
      for (const id of itemsOf(spread))
        await insertContextItem(db, { id, appId: appOf(spread), name: id, type: "txt", synced: true });
    }
    const filled: Record<Spread, number> = { clustered: 0, random: 0 };
    for (const size of SIZES) {
      for (const spread of SPREADS) {
        const app = appOf(spread);
        const fillStarted = performance.now();
        await fill(db, spread, filled[spread], size);
        filled[spread] = size;
        // The fill grows finished indexes in place (the product writes a new generation): as
        // a restart would, the in-memory signs are read again at the first search.
        forgetSignIndex(db);
        const fillSeconds = (performance.now() - fillStarted) / 1000;
        await opened.vacuumAnalyze();
        const questions = await questionsFor(db, spread, size);
        const options = { db, language: "english", appId: app, query: "" };
        const exact: number[] = [];
        const timings = VARIANTS.map(() => [] as number[]);
        const kept = VARIANTS.map(() => 0);
        let firsts = 0;
        const size_ = sql.raw(String(DIMS));
        // One unmeasured pass of each, but the first: the memory pass reads the app's signs then.
        const coldStarted = performance.now();
        await searchVectors({ ...options, ...VARIANTS[0].options }, questions[0]!, LIMIT);
        const coldMs = performance.now() - coldStarted;
        for (const variant of VARIANTS)
          await searchVectors({ ...options, ...variant.options }, questions[0]!, LIMIT);
        for (const question of questions) {
          const found = [];
          for (const [index, variant] of VARIANTS.entries())
            found.push(
              await timed(
                () => searchVectors({ ...options, ...variant.options }, question, LIMIT),
                timings[index]!,
              ),
            );
          const truth = await timed(
            () =>
              sql<{ id: string }>`select c."id" from "context_chunks" c where c."appId" = ${app}
                order by c."embeddingVec"::vector(${size_}) <#> ${toVectorLiteral(question)}::vector(${size_})
                limit ${LIMIT}`.execute(db),
            exact,
          );
          const truthIds = new Set(truth.rows.map((row) => row.id));
          found.forEach((rows, index) => {
            kept[index]! += rows.filter((row) => truthIds.has(row.id)).length;
          });
          if (found[0]?.[0]?.id === truth.rows[0]?.id) firsts++;
        }
        const total = questions.length * LIMIT;
        const ours = timings[0]!;
        rows.push([
          size.toLocaleString("en-US"),
          spread,
          `${fillSeconds.toFixed(1)} s`,
          ...timings.map(
            (samples, index) =>
              `${index === 0 ? "**" : ""}${ms(quantile(samples, 0.5))} / ${ms(quantile(samples, 0.95))}${index === 0 ? "**" : ""} (${(kept[index]! / total).toFixed(3)})`,
          ),
          `${ms(quantile(exact, 0.5))} / ${ms(quantile(exact, 0.95))}`,
          ms(coldMs),
          `${firsts} / ${questions.length}`,
          size >= 100_000 ? (quantile(ours, 0.95) < 50 ? "p95 < 50 ms: ✓" : "p95 < 50 ms: ✗") : "–",
        ]);
        console.log(rows.at(-1)?.join(" | "));
      }
    }
  } finally {
    await opened.close();
  }
  const table = markdownTable(
    [
      "chunks",
      "spread",
      "fill",
      ...VARIANTS.map((variant) => `${variant.label} p50 / p95 ms (of the exact 20 neighbours, kept)`),
      "exact (bare pgvector ORDER BY, the floor) p50 / p95 ms",
      "ours' first search after the fill, ms (reads the app's signs into memory)",
      "nearest one found (ours)",
      "target (issue 17)",
    ],
    rows,
  );
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# bench/knowledge/vectors — ${date}`,
    "",
    `PGlite (embedded, pgvector), one app per spread, ${DIMS}-dimension unit vectors, ${QUESTIONS} questions one at a time, limit ${LIMIT}; ` +
      `the first pass keeps ${firstPassCandidates("memoryPgvector", LIMIT)} candidates in memory (asymmetric score: the question's values against the signs; ` +
      `${firstPassCandidates("memoryRealArray", LIMIT)} without pgvector), ` +
      `${firstPassCandidates("sql", LIMIT)} in SQL (Hamming distance). ` +
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()[0]?.toFixed(2)}.`,
    "",
    table,
    "",
  ].join("\n");
  console.log(report);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/vectors-${date}.md`), report);
}

await main();
