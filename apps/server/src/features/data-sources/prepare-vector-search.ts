import type { Database, DatabaseKind } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import { log } from "../../log.ts";

/**
 * How data sources' vectors are searched (said by /api/health):
 * - "pgvector_hnsw": pgvector with an HNSW index (a PostgreSQL server with pgvector 0.8+);
 * - "pgvector": pgvector's exact inner product, no index (the embedded database, or an older
 *   pgvector). bench/knowledge/vectors measured on PGlite: keeping an HNSW index costs ~10 ms
 *   per inserted chunk in WebAssembly and its build outlives the statement timeout at
 *   10,000 chunks, while the exact scan answers 10,000 chunks in ~17 ms;
 * - "exact_scan": an exact scan of real[] vectors in SQL, where pgvector is missing.
 */
export type VectorSearch = "pgvector_hnsw" | "pgvector" | "exact_scan";

/** Whether chunks' vectors live in the pgvector column ("embeddingVec") rather than real[]. */
export function storesPgvector(mode: VectorSearch | undefined): boolean {
  return mode === "pgvector" || mode === "pgvector_hnsw";
}

/** HNSW indexes `vector` columns of up to 2,000 dimensions (pgvector's limit). */
export const HNSW_MAX_DIMENSIONS = 2_000;

/**
 * Uses pgvector where the database has it: the embedded database ships it, a server has it
 * when the extension is installed (and our role may create it). Then chunks' embeddings live
 * in a `vector` column ("embeddingVec", added here, not by a migration, because a server may
 * gain the extension later) and are searched by pgvector; vectors stored as real[] before
 * that move over once, when the column is added. Without it, the real[] column is searched by
 * an exact scan. Idempotent and run at every boot (a catalog read when there is nothing to
 * do); instances starting together take turns on an advisory lock.
 */
export async function prepareVectorSearch(db: Kysely<Database>, kind: DatabaseKind): Promise<VectorSearch> {
  const found = await sql<{ version: string | null }>`
    select coalesce(installed_version, default_version) as "version"
    from pg_available_extensions where name = 'vector'`.execute(db);
  const version = found.rows[0]?.version;
  if (!version) return "exact_scan";
  try {
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext('liftoff:prepare-vector-search'))`.execute(tx);
      await sql`create extension if not exists vector`.execute(tx);
      const column = await sql<{ present: boolean }>`
        select exists(select 1 from information_schema.columns
          where table_name = 'context_chunks' and column_name = 'embeddingVec') as "present"`.execute(tx);
      // Once: when the column is added, the vectors stored as real[] until then move over.
      // Later boots skip it (a scan of every chunk at each start would cost more than it finds).
      if (column.rows[0]?.present) return;
      await sql`alter table "context_chunks" add column "embeddingVec" vector`.execute(tx);
      await sql`
        update "context_chunks" set "embeddingVec" = "embedding"::vector, "embedding" = null
        where "embedding" is not null`.execute(tx);
    });
    // Filtered searches through the index need iterative index scans (0.8): before them, an
    // app's neighbours could be cut off by other apps' ones, so older versions scan exactly.
    return kind === "postgres" && atLeast(version, [0, 8]) ? "pgvector_hnsw" : "pgvector";
  } catch (error) {
    // Installed but not ours to create (no privilege): the exact scan still answers.
    log.warn("pgvector is installed but could not be enabled; vectors are searched by an exact scan", {
      error,
    });
    return "exact_scan";
  }
}

const indexedDimensions = new WeakMap<Kysely<Database>, Set<number>>();

/**
 * The HNSW index for vectors of `dimensions` (an approximate nearest-neighbour index: a
 * search reads a few hundred vectors instead of every one of an app's). One partial index
 * per dimension count, since a `vector` column of mixed sizes cannot be indexed whole and
 * a change of embedding model changes the size. Created when the first such vectors are
 * written, while the index is small; a lost race with another instance is harmless.
 */
export async function ensureVectorIndex(
  db: Kysely<Database>,
  dimensions: number,
  /** Check the database again even if this process made the index (bench/knowledge drops it). */
  options: { recheck?: boolean } = {},
): Promise<void> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > HNSW_MAX_DIMENSIONS) return;
  const done = indexedDimensions.get(db) ?? new Set<number>();
  indexedDimensions.set(db, done);
  if (done.has(dimensions) && !options.recheck) return;
  const size = sql.raw(String(dimensions));
  try {
    await sql`
      create index if not exists ${sql.id(`context_chunks_hnsw_${dimensions}`)} on "context_chunks"
      using hnsw (("embeddingVec"::vector(${size})) vector_ip_ops)
      where vector_dims("embeddingVec") = ${size}`.execute(db);
  } catch (error) {
    log.warn("the vector index could not be created; vectors are searched without it", { dimensions, error });
  }
  done.add(dimensions);
}

/** "0.8.1" ≥ [0, 8]. */
function atLeast(version: string, [major, minor]: [number, number]): boolean {
  const [a = 0, b = 0] = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  return a > major || (a === major && b >= minor);
}
