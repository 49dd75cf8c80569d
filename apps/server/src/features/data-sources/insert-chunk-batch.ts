import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import type { SectionChunk } from "@liftoff/knowledge";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { ensureVectorIndex, storesPgvector, type VectorSearch } from "./prepare-vector-search.ts";

/** Chunks written per statement: one round trip each, and progress between them. */
export const CHUNK_INSERT_BATCH = 250;

/**
 * Writes one batch of an attempt's chunks under its generation, with the full-text vector
 * of `language` and, when given, each chunk's embedding (indexed by its position). The
 * ingest job writes every batch this way; bench/knowledge times the same statement.
 */
export async function insertChunkBatch(options: {
  db: Kysely<Database>;
  item: { id: string; appId: string; generation: number };
  batch: readonly SectionChunk[];
  language: string;
  vectors?: readonly number[][] | null;
  /** Where the vectors go: the pgvector column, or the real[] one (exact scan). */
  vectorSearch?: VectorSearch;
}): Promise<void> {
  const { item, language } = options;
  const pgvector = storesPgvector(options.vectorSearch);
  const dimensions = options.vectors?.[options.batch[0]?.position ?? 0]?.length;
  if (options.vectorSearch === "pgvector_hnsw" && dimensions) await ensureVectorIndex(options.db, dimensions);
  const rows = options.batch.map((chunk) => ({ chunk, id: randomUUID() }));
  const insert = options.db.insertInto("context_chunks").values(
    rows.map(({ chunk, id }) => ({
      id,
      itemId: item.id,
      appId: item.appId,
      generation: item.generation,
      position: chunk.position,
      start: chunk.start,
      end: chunk.end,
      locator: chunk.locator,
      text: chunk.text,
      search: sql<string>`to_tsvector(${language}::regconfig, ${chunk.text})`,
      ...vectorColumns(options.vectors?.[chunk.position] ?? null, pgvector),
    })),
  );
  const signs = rows.flatMap(({ chunk, id }) => {
    const vector = options.vectors?.[chunk.position];
    return vector
      ? [
          {
            chunkId: id,
            itemId: item.id,
            appId: item.appId,
            generation: item.generation,
            signs: signsOf(vector),
          },
        ]
      : [];
  });
  if (signs.length === 0) {
    await insert.execute();
    return;
  }
  // The chunks and their signs (the vector search's first pass) in one statement.
  await options.db
    .with("chunks", () => insert)
    .insertInto("context_chunk_signs")
    .values(signs.map((row) => ({ ...row, signs: sql<string>`${row.signs}::varbit` })))
    .execute();
}

/** A vector's sign bits, '0101…' (1 where the value is positive): context_chunk_signs. */
export function signsOf(vector: readonly number[]): string {
  let bits = "";
  for (const value of vector) bits += value > 0 ? "1" : "0";
  return bits;
}

/** A chunk's embedding in the column the database searches (see prepare-vector-search.ts). */
function vectorColumns(
  vector: readonly number[] | null,
  pgvector: boolean,
): { embedding: number[] | null; embeddingVec?: RawBuilder<string> } {
  if (!vector || !pgvector) return { embedding: vector ? [...vector] : null };
  return { embedding: null, embeddingVec: sql<string>`${toVectorLiteral(vector)}::vector` };
}

/** pgvector's text form, '[0.1,0.2,…]'; a non-finite number is refused by the cast. */
export function toVectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(",")}]`;
}

/**
 * Batches written at once on a PostgreSQL server: to_tsvector and the GIN upkeep are the
 * cost of an ingest (bench/knowledge), and each batch in flight runs in a backend of its
 * own, so a server's cores share the work. The embedded database is one connection: one.
 */
export const CHUNK_INSERT_PARALLEL = { postgres: 3, pglite: 1 } as const;

/**
 * Writes all of an attempt's chunks in batches of CHUNK_INSERT_BATCH, up to `parallel` at
 * once, reporting how many are written after each batch. `stop()` is asked before each
 * batch starts (an aborted or lost attempt writes no more; what it wrote is never
 * searchable, see run-ingest-job.ts). The ingest job and bench/knowledge both write this way.
 */
export async function insertChunks(options: {
  db: Kysely<Database>;
  item: { id: string; appId: string; generation: number };
  chunks: readonly SectionChunk[];
  language: string;
  vectors?: readonly number[][] | null;
  vectorSearch?: VectorSearch;
  parallel: number;
  stop?: () => boolean;
  onProgress?: (written: number) => Promise<void>;
}): Promise<"done" | "stopped"> {
  const starts: number[] = [];
  for (let from = 0; from < options.chunks.length; from += CHUNK_INSERT_BATCH) starts.push(from);
  let next = 0;
  let written = 0;
  let stopped = false;
  const lane = async () => {
    while (next < starts.length && !stopped) {
      if (options.stop?.()) {
        stopped = true;
        return;
      }
      const from = starts[next++]!;
      const batch = options.chunks.slice(from, from + CHUNK_INSERT_BATCH);
      await insertChunkBatch({ ...options, batch });
      written += batch.length;
      await options.onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  return stopped ? "stopped" : "done";
}
