import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import type { SectionChunk } from "@liftoff/knowledge";
import { type Kysely, sql } from "kysely";

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
}): Promise<void> {
  const { item, language } = options;
  await options.db
    .insertInto("context_chunks")
    .values(
      options.batch.map((chunk) => ({
        id: randomUUID(),
        itemId: item.id,
        appId: item.appId,
        generation: item.generation,
        position: chunk.position,
        start: chunk.start,
        end: chunk.end,
        locator: chunk.locator,
        text: chunk.text,
        search: sql<string>`to_tsvector(${language}::regconfig, ${chunk.text})`,
        embedding: options.vectors?.[chunk.position] ?? null,
      })),
    )
    .execute();
}
