import {
  AppError,
  type ContextItemProgress,
  DATA_SOURCE_MESSAGES,
  isConnectorProvider,
  type PlanId,
  planLimits,
} from "@liftoff/domain";
import {
  chunkSections,
  crawlSite,
  type ExtractedDocument,
  extractFile,
  extractHtml,
} from "@liftoff/knowledge";
import { LIVE_PERSIST_INTERVAL_MS } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { chargeDataProcessing } from "../account/charge-data-processing.ts";
import { readConnectorItem } from "../connectors/read-connector-item.ts";
import { announceAppChange } from "../entities/announce-app-change.ts";
import { publishContextItemChange } from "./context-item-signals.ts";
import { failOrRetry, type IngestJob, type IngestJobContext } from "./ingest-worker.ts";
import { CHUNK_INSERT_PARALLEL, insertChunks } from "./insert-chunk-batch.ts";
import type { ContextItemRow } from "./to-context-item.ts";

/** Chunks embedded between two progress reports (the embedder batches requests itself). */
export const EMBED_PROGRESS_BATCH = 256;

/**
 * Reads one data source into searchable chunks: its bytes (or a crawl of its site) are
 * extracted into sections, chunked (1,000 characters, 200 overlap), and written under the
 * attempt's generation with the full-text vector of the configured language. The chunks
 * become the item's index only in the final transaction, which also counts the bytes
 * against the owner's monthly data processing: a crash or a failure before it leaves
 * nothing searchable and nothing charged. Failures the builder can act on (an unreadable
 * file, a site that refuses us) end the item in error with that reason at once; others
 * are retried by the worker.
 */
export function createIngestJob(
  deps: Pick<Deps, "db" | "dbKind" | "bus" | "storage" | "config" | "embedder" | "vectorSearch">,
): IngestJob {
  return async (item, context) => {
    const progress = progressWriter(deps, item, context);
    let document: ExtractedDocument;
    let bytes: number;
    try {
      ({ document, bytes } = await readItem(deps, item, context, progress));
    } catch (error) {
      if (context.signal.aborted) return putBack(deps, item);
      if (error instanceof AppError && error.code !== "INTERNAL" && error.code !== "SERVICE_UNAVAILABLE")
        return failOrRetry(deps, item, { retry: false, message: error.message, details: describe(error) });
      log.warn("ingest attempt failed", { itemId: item.id, error });
      return failOrRetry(deps, item, {
        retry: true,
        message: isConnectorProvider(item.provider)
          ? DATA_SOURCE_MESSAGES.connector
          : DATA_SOURCE_MESSAGES.uploadOther,
        details: describe(error),
      });
    }
    const chunks = chunkSections({ sections: document.sections });
    if (chunks.length === 0)
      return failOrRetry(deps, item, { retry: false, message: DATA_SOURCE_MESSAGES.emptyDocument });

    // Vectors when an embedding model is configured. A failing endpoint is a passing failure
    // (retried with the backoff), never a half-embedded index.
    let vectors: number[][] | null = null;
    if (deps.embedder) {
      try {
        vectors = [];
        for (let from = 0; from < chunks.length; from += EMBED_PROGRESS_BATCH) {
          if (context.signal.aborted) return putBack(deps, item);
          const batch = chunks.slice(from, from + EMBED_PROGRESS_BATCH).map((chunk) => chunk.text);
          vectors.push(...(await deps.embedder.embed(batch, { signal: context.signal })));
          await progress({ stage: "embedding", done: vectors.length, total: chunks.length });
        }
      } catch (error) {
        if (context.signal.aborted) return putBack(deps, item);
        log.warn("ingest: embedding failed", { itemId: item.id, error });
        return failOrRetry(deps, item, {
          retry: true,
          message: DATA_SOURCE_MESSAGES.embeddingFailed,
          details: describe(error),
        });
      }
    }

    const written = await insertChunks({
      db: deps.db,
      item,
      chunks,
      language: deps.config.dataSourcesLanguage,
      vectors,
      vectorSearch: deps.vectorSearch,
      parallel: CHUNK_INSERT_PARALLEL[deps.dbKind],
      stop: () => context.signal.aborted || !context.owns(),
      onProgress: (done) => progress({ stage: "indexing", done, total: chunks.length }),
    });
    if (written === "stopped") return context.signal.aborted ? putBack(deps, item) : undefined;

    try {
      const finished = await deps.db.transaction().execute(async (trx) => {
        await chargeDataProcessing(trx, { appId: item.appId, bytes });
        const updated = await trx
          .updateTable("context_items")
          .set({
            status: "synced",
            indexedGeneration: item.generation,
            numOfChunks: chunks.length,
            size: bytes,
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
        // Deleted or taken back meanwhile: nothing of this attempt is kept.
        if (Number(updated.numUpdatedRows) === 0) throw new LostItem();
        await trx
          .deleteFrom("context_chunks")
          .where("itemId", "=", item.id)
          .where("generation", "<>", item.generation)
          .execute();
        return true;
      });
      if (finished) {
        // The item is searchable now: runs' cached view of the app lists it (load-runnable-tool.ts).
        await announceAppChange(deps.db, item.appId);
        await publishContextItemChange(deps.bus, item.appId, item.id);
      }
    } catch (error) {
      if (error instanceof LostItem) return;
      if (error instanceof AppError && error.code === "PLAN_LIMIT")
        return failOrRetry(deps, item, {
          retry: false,
          status: "usage_limit_reached",
          message: DATA_SOURCE_MESSAGES.dataLimit,
        });
      throw error;
    }
  };
}

class LostItem extends Error {}

async function readItem(
  deps: Pick<Deps, "db" | "storage" | "config">,
  item: ContextItemRow,
  context: IngestJobContext,
  progress: (value: ContextItemProgress) => Promise<void>,
): Promise<{ document: ExtractedDocument; bytes: number }> {
  const ownerLimits = async () => {
    const owner = await deps.db
      .selectFrom("apps")
      .innerJoin("accounts", "accounts.id", "apps.accountId")
      .select("accounts.plan")
      .where("apps.id", "=", item.appId)
      .executeTakeFirstOrThrow();
    return planLimits(owner.plan as PlanId | null);
  };
  // Notes-workspace pages and cloud-drive files: read again from the provider each time.
  if (isConnectorProvider(item.provider)) {
    await progress({ stage: "reading", done: 0, total: null });
    const limits = await ownerLimits();
    return readConnectorItem({ deps, item, maxBytes: limits.maxFileSizeBytes, signal: context.signal });
  }
  if (item.source === "web scraper") {
    if (!item.sourceUrl) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.invalidUrl);
    const limits = await ownerLimits();
    await progress({ stage: "crawling", done: 0, total: limits.scraperMaxPages });
    const crawled = await crawlSite({
      startUrl: item.sourceUrl,
      maxDepth: limits.scraperDepth,
      maxPages: limits.scraperMaxPages,
      allowPrivateAddresses: deps.config.crawlPrivateAddresses,
      signal: context.signal,
      onPage: ({ crawled: done }) => progress({ stage: "crawling", done, total: limits.scraperMaxPages }),
    });
    const sections = crawled.pages.flatMap((page) =>
      extractHtml(page.html, page.url).sections.map((section) => ({
        text: section.text,
        locator: page.url,
      })),
    );
    const title = crawled.pages[0]?.title ?? null;
    return {
      document: { title, sections, bytes: crawled.pages.reduce((sum, page) => sum + page.bytes, 0) },
      bytes: crawled.pages.reduce((sum, page) => sum + page.bytes, 0),
    };
  }
  if (!item.storageKey) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
  await progress({ stage: "reading", done: 0, total: null });
  const stream = await deps.storage.get(item.storageKey);
  if (!stream) throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
  const stored = new Uint8Array(await new Response(stream).arrayBuffer());
  const { document } = await extractFile({
    bytes: stored,
    fileName: item.type === "txt" ? `${item.name}.txt` : item.name,
    mimeType: item.contentType ?? "",
  });
  return { document, bytes: stored.byteLength };
}

/** Progress is stored at most every LIVE_PERSIST_INTERVAL_MS and announced to watchers. */
function progressWriter(
  deps: Pick<Deps, "db" | "bus">,
  item: ContextItemRow,
  context: IngestJobContext,
): (value: ContextItemProgress) => Promise<void> {
  let last = 0;
  return async (value) => {
    const now = Date.now();
    const final = value.total !== null && value.done >= value.total;
    if (!final && now - last < LIVE_PERSIST_INTERVAL_MS) return;
    last = now;
    if (!context.owns()) return;
    await deps.db
      .updateTable("context_items")
      .set({ progress: JSON.stringify(value), updatedAt: new Date() })
      .where("id", "=", item.id)
      .where("generation", "=", item.generation)
      .where("status", "=", "running")
      .execute();
    await publishContextItemChange(deps.bus, item.appId, item.id);
  };
}

/** A stopping server gives the item back to the queue without counting the attempt. */
async function putBack(deps: Pick<Deps, "db" | "bus">, item: ContextItemRow): Promise<void> {
  await deps.db
    .updateTable("context_items")
    .set({
      status: "pending",
      attempts: Math.max(0, item.attempts - 1),
      leaseUntil: null,
      progress: null,
      runAfter: new Date(),
      updatedAt: new Date(),
    })
    .where("id", "=", item.id)
    .where("generation", "=", item.generation)
    .where("status", "=", "running")
    .execute();
  await deps.db
    .deleteFrom("context_chunks")
    .where("itemId", "=", item.id)
    .where("generation", "=", item.generation)
    .execute();
  await publishContextItemChange(deps.bus, item.appId, item.id);
}

function describe(error: unknown): string {
  if (error instanceof AppError)
    return error.details ? `${error.message} ${JSON.stringify(error.details)}` : error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
