import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import { chunkSections, extractFile, type SectionChunk } from "@liftoff/knowledge";
import { type Kysely, sql } from "kysely";
import {
  CHUNK_INSERT_BATCH,
  insertChunks,
} from "../../apps/server/src/features/data-sources/insert-chunk-batch.ts";
import { insertContextItem } from "./bench-database.ts";

export type IngestPath = "ours" | "floor" | "floor, no tsvector";

/** One ingest of one file: wall time and where it went. */
export type IngestTiming = {
  path: IngestPath;
  chunks: number;
  totalMs: number;
  extractMs: number;
  chunkMs: number;
  insertMs: number;
  finishMs: number;
};

export type IngestFile = { bytes: Uint8Array; fileName: string; mimeType: string };

/**
 * Our path, as createIngestJob (run-ingest-job.ts) runs it once the bytes are read:
 * extractFile (the PDF parser on its thread), chunkSections with the defaults, the job's
 * very insert statement in batches of CHUNK_INSERT_BATCH (ids, to_tsvector of the
 * configured language; insertChunks, as many batches in flight as the job has), then the final transaction marking the item synced and deleting
 * other generations. Left out: reading the stored bytes, the throttled progress writes and
 * the data-processing charge (one row update each).
 */
export async function ingestOurs(options: {
  db: Kysely<Database>;
  appId: string;
  file: IngestFile;
  language: string;
  /** Batches in flight (CHUNK_INSERT_PARALLEL of the database kind, as the job). */
  parallel: number;
}): Promise<IngestTiming> {
  const { db, appId, language } = options;
  const item = { id: randomUUID(), appId, generation: 1 };
  await insertContextItem(db, {
    id: item.id,
    appId,
    name: options.file.fileName,
    type: "txt",
    synced: false,
  });
  const started = performance.now();
  const { document } = await extractFile(options.file);
  const extracted = performance.now();
  const chunks = chunkSections({ sections: document.sections });
  const chunked = performance.now();
  await insertChunks({ db, item, chunks, language, parallel: options.parallel });
  const inserted = performance.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("context_items")
      .set({
        status: "synced",
        indexedGeneration: item.generation,
        numOfChunks: chunks.length,
        size: options.file.bytes.byteLength,
        lastSyncedAt: new Date(),
        leaseUntil: null,
        progress: null,
        error: null,
        errorDetails: null,
        updatedAt: new Date(),
      })
      .where("id", "=", item.id)
      .where("generation", "=", item.generation)
      .where("status", "=", "running")
      .executeTakeFirst();
    await trx
      .deleteFrom("context_chunks")
      .where("itemId", "=", item.id)
      .where("generation", "<>", item.generation)
      .execute();
  });
  const finished = performance.now();
  return {
    path: "ours",
    chunks: chunks.length,
    totalMs: finished - started,
    extractMs: extracted - started,
    chunkMs: chunked - extracted,
    insertMs: inserted - chunked,
    finishMs: finished - inserted,
  };
}

/**
 * The floor: the same chunks, computed beforehand, written in the same batches by one
 * multi-row statement over arrays (unnest: a handful of parameters instead of ten per row,
 * ids made by the database) — the database's own cost of storing them, with the tsvector
 * and the GIN index ("floor"), or without the tsvector at all ("floor, no tsvector": what
 * text search costs on top of storing the text).
 */
export async function ingestFloor(options: {
  db: Kysely<Database>;
  appId: string;
  chunks: SectionChunk[];
  language: string;
  tsvector: boolean;
}): Promise<IngestTiming> {
  const { db, appId, chunks, language } = options;
  const itemId = randomUUID();
  await insertContextItem(db, { id: itemId, appId, name: "floor", type: "txt", synced: true });
  const search = options.tsvector ? sql`to_tsvector(${language}::regconfig, t."text")` : sql`''::tsvector`;
  const started = performance.now();
  for (let from = 0; from < chunks.length; from += CHUNK_INSERT_BATCH) {
    const batch = chunks.slice(from, from + CHUNK_INSERT_BATCH);
    await sql`insert into "context_chunks"
        ("id", "itemId", "appId", "generation", "position", "start", "end", "locator", "text", "search")
      select gen_random_uuid()::text, ${itemId}, ${appId}, 1, t."position", t."start", t."end", t."locator", t."text", ${search}
      from unnest(${batch.map((c) => c.position)}::int[], ${batch.map((c) => c.start)}::int[],
        ${batch.map((c) => c.end)}::int[], ${batch.map((c) => c.locator)}::text[], ${batch.map((c) => c.text)}::text[])
        as t("position", "start", "end", "locator", "text")`.execute(db);
  }
  const totalMs = performance.now() - started;
  return {
    path: options.tsvector ? "floor" : "floor, no tsvector",
    chunks: chunks.length,
    totalMs,
    extractMs: 0,
    chunkMs: 0,
    insertMs: totalMs,
    finishMs: 0,
  };
}

/** An empty chunk table between measurements, so each starts from the same index size. */
export async function clearChunks(db: Kysely<Database>): Promise<void> {
  await sql`truncate "context_chunks", "context_chunk_signs"`.execute(db);
  await sql`delete from "context_items"`.execute(db);
}

/**
 * to_tsvector of the same chunks computed and thrown away (nothing stored), in the same
 * batches: how much of the floor is parsing and stemming, the rest being heap and indexes.
 */
export async function timeTsvectorOnly(options: {
  db: Kysely<Database>;
  chunks: SectionChunk[];
  language: string;
}): Promise<number> {
  const { db, chunks, language } = options;
  const started = performance.now();
  for (let from = 0; from < chunks.length; from += CHUNK_INSERT_BATCH) {
    const batch = chunks.slice(from, from + CHUNK_INSERT_BATCH);
    await sql`select sum(length(to_tsvector(${language}::regconfig, t."text")))::int as "lexemes"
      from unnest(${batch.map((c) => c.text)}::text[]) as t("text")`.execute(db);
  }
  return performance.now() - started;
}
