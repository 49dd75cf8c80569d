/**
 * bench/knowledge/vectors — how data sources' vectors are searched on the embedded PGlite
 * (issue 17), which ships pgvector: one app's chunks with unit vectors, the 20 chunks nearest
 * a question's vector (the fusion's candidates), side by side:
 *
 * - ours: searchVectors in "pgvector" mode — pgvector's inner product in C, exact, no index
 *   (on PGlite an HNSW index costs ~10 ms per inserted chunk and its build outlives the
 *   statement timeout at 10,000 chunks; see prepare-vector-search.ts);
 * - without pgvector: searchVectors in "exact_scan" mode — the dot product of real[] in SQL,
 *   what a database without pgvector runs (fewer questions: it is slow);
 * - floor: the bare pgvector ORDER BY … LIMIT over the app's chunks, no join, no score.
 *
 * Questions are stored vectors with a little noise. Vectors are seeded random ones made by
 * the database. Options: --sizes 10000,100000 --dims 384 --questions 40. Prints markdown and
 * saves it to bench/results/vectors-<date>.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { toVectorLiteral } from "../../apps/server/src/features/data-sources/insert-chunk-batch.ts";
import { prepareVectorSearch } from "../../apps/server/src/features/data-sources/prepare-vector-search.ts";
import { searchVectors } from "../../apps/server/src/features/data-sources/search-context.ts";
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
const FILL_BATCH = 1_000;
/** Questions the real[] scan answers (seconds each at 100,000 chunks). */
const EXACT_SCAN_QUESTIONS = 5;
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

/**
 * Chunks [from, to) with seeded random unit vectors made by the database (l2_normalize of a
 * random array): generating and sending 384 numbers per chunk from here would take minutes.
 */
async function fill(db: Kysely<Database>, from: number, to: number): Promise<void> {
  await sql`select setseed(${(from % 1000) / 1000})`.execute(db);
  for (let start = from; start < to; start += FILL_BATCH) {
    const end = Math.min(to, start + FILL_BATCH);
    await sql`insert into "context_chunks"
        ("id", "itemId", "appId", "generation", "position", "start", "end", "text", "search", "embeddingVec")
      select gen_random_uuid()::text, (${ITEMS}::text[])[1 + p % ${ITEMS.length}::int], ${APP}, 1,
        p, 0, 10, 'chunk', ''::tsvector,
        l2_normalize(array(select random() - 0.5 + p * 0 from generate_series(1, ${DIMS}::int))::vector)
      from generate_series(${start}::int, ${end - 1}::int) as p`.execute(db);
    await sql`update "context_chunks" set "embedding" = "embeddingVec"::real[]
      where "appId" = ${APP} and "position" >= ${start} and "position" < ${end}`.execute(db);
  }
}

/** Stored chunks' vectors with a little noise: each question has true near neighbours. */
async function questionsFor(db: Kysely<Database>, size: number): Promise<number[][]> {
  const next = random(99 + size);
  const questions: number[][] = [];
  for (let index = 0; index < QUESTIONS; index++) {
    const position = Math.floor(next() * size);
    const found = await sql<{ vector: string }>`select "embeddingVec"::text as "vector" from "context_chunks"
      where "appId" = ${APP} and "position" = ${position}`.execute(db);
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
    for (const id of ITEMS)
      await insertContextItem(db, { id, appId: APP, name: id, type: "txt", synced: true });
    let filled = 0;
    for (const size of SIZES) {
      const fillStarted = performance.now();
      await fill(db, filled, size);
      filled = size;
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      await opened.vacuumAnalyze();
      const questions = await questionsFor(db, size);
      const options = { db, language: "english", appId: APP, query: "" };
      const ours: number[] = [];
      const withoutPgvector: number[] = [];
      const floor: number[] = [];
      let agreed = 0;
      let exactScanTimedOut = false;
      let compared = 0;
      const size_ = sql.raw(String(DIMS));
      // One unmeasured pass.
      await searchVectors({ ...options, vectorSearch: "pgvector" }, questions[0]!, LIMIT);
      for (const [index, question] of questions.entries()) {
        const found = await timed(
          () => searchVectors({ ...options, vectorSearch: "pgvector" }, question, LIMIT),
          ours,
        );
        await timed(
          () =>
            sql`select c."id" from "context_chunks" c where c."appId" = ${APP}
              order by c."embeddingVec"::vector(${size_}) <#> ${toVectorLiteral(question)}::vector(${size_})
              limit ${LIMIT}`.execute(db),
          floor,
        );
        if (index < EXACT_SCAN_QUESTIONS && !exactScanTimedOut) {
          try {
            const truth = await timed(
              () => searchVectors({ ...options, vectorSearch: "exact_scan" }, question, LIMIT),
              withoutPgvector,
            );
            const ids = new Set(found.map((row) => row.id));
            agreed += truth.filter((row) => ids.has(row.id)).length;
            compared += truth.length;
          } catch (error) {
            // The statement timeout (15 s) ends it: the database restarts and the row says so.
            if ((error as { code?: string }).code !== "57014") throw error;
            exactScanTimedOut = true;
          }
        }
      }
      rows.push([
        size.toLocaleString("en-US"),
        `${fillSeconds.toFixed(1)} s`,
        `${ms(quantile(ours, 0.5))} / ${ms(quantile(ours, 0.95))}`,
        `${ms(quantile(floor, 0.5))} / ${ms(quantile(floor, 0.95))}`,
        exactScanTimedOut
          ? "over the 15 s statement timeout"
          : `${ms(quantile(withoutPgvector, 0.5))} / ${ms(quantile(withoutPgvector, 0.95))} (${withoutPgvector.length} q.)`,
        exactScanTimedOut ? "—" : `${(quantile(withoutPgvector, 0.5) / quantile(ours, 0.5)).toFixed(0)}×`,
        compared > 0 ? (agreed / compared).toFixed(3) : "—",
      ]);
      console.log(rows.at(-1)?.join(" | "));
    }
  } finally {
    await opened.close();
  }
  const table = markdownTable(
    [
      "chunks",
      "fill",
      "ours (pgvector) p50 / p95 ms",
      "floor (bare ORDER BY) p50 / p95 ms",
      "without pgvector (real[] scan) p50 / p95 ms",
      "speed-up",
      "same neighbours",
    ],
    rows,
  );
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# bench/knowledge/vectors — ${date}`,
    "",
    `PGlite (embedded, pgvector), one app, ${DIMS}-dimension unit vectors, ${QUESTIONS} questions one at a time, limit ${LIMIT}. ` +
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
