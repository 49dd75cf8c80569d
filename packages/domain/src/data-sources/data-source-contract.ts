import { z } from "zod";
import {
  CONTEXT_ITEM_SOURCES,
  CONTEXT_ITEM_STATUSES,
  CONTEXT_ITEM_TYPES,
  contextItemSchema,
} from "./context-item.ts";
import { DATA_SOURCE_MESSAGES } from "./data-source-messages.ts";

/** Longest pasted text (ours: docs/defaults.md); larger text goes in as a file. */
export const TEXT_CONTEXT_MAX_LENGTH = 1_000_000;
/** Longest item name (ours). */
export const CONTEXT_ITEM_NAME_MAX_LENGTH = 200;
/** Longest retrieval query (ours). */
export const RETRIEVAL_QUERY_MAX_LENGTH = 1_000;

const itemName = z
  .string({ error: DATA_SOURCE_MESSAGES.nameEmpty })
  .trim()
  .min(1, DATA_SOURCE_MESSAGES.nameEmpty)
  .max(CONTEXT_ITEM_NAME_MAX_LENGTH, `A name can be at most ${CONTEXT_ITEM_NAME_MAX_LENGTH} characters`);

/** POST /api/context/ingest/text?appId: body context (spec section 7); name is ours. */
export const ingestTextBodySchema = z.object({
  context: z
    .string({ error: DATA_SOURCE_MESSAGES.emptyText })
    .trim()
    .min(1, DATA_SOURCE_MESSAGES.emptyText)
    .max(
      TEXT_CONTEXT_MAX_LENGTH,
      `Text can be at most ${TEXT_CONTEXT_MAX_LENGTH.toLocaleString("en-US")} characters`,
    ),
  name: itemName.optional(),
});
export type IngestTextBody = z.infer<typeof ingestTextBodySchema>;

/** POST /api/context/ingest/web?appId (ours: the scraper started by the product itself). */
export const ingestWebBodySchema = z.object({
  url: z
    .string({ error: DATA_SOURCE_MESSAGES.invalidUrl })
    .trim()
    .max(2_000, DATA_SOURCE_MESSAGES.invalidUrl)
    .refine(
      (value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value),
      DATA_SOURCE_MESSAGES.invalidUrl,
    ),
});
export type IngestWebBody = z.infer<typeof ingestWebBodySchema>;

/** One entry of POST /api/context/ingest/metadata (spec section 7). */
export const contextItemMetadataSchema = z.object({
  name: itemName,
  source: z.enum(CONTEXT_ITEM_SOURCES),
  type: z.enum(CONTEXT_ITEM_TYPES),
  providerItemId: z.string().max(500).nullable().optional(),
  provider: z.string().min(1).max(100),
  externalFileUrl: z.string().max(2_000).nullable().optional(),
  externalFileId: z.string().max(500).nullable().optional(),
});
export const ingestMetadataBodySchema = z.object({
  contextItems: z.array(contextItemMetadataSchema).min(1).max(50),
});
export type IngestMetadataBody = z.infer<typeof ingestMetadataBodySchema>;

/** PATCH /api/context/{id}: body name. */
export const renameContextItemBodySchema = z.object({ name: itemName });

/** POST /api/tools/{appId}/replaceDataItem: body oldItemId, newItemId. */
export const replaceDataItemBodySchema = z.object({
  oldItemId: z.string().min(1).max(64),
  newItemId: z.string().min(1).max(64),
});

/** GET /api/context/items query: status=unsynced lists the items still waiting. */
export const contextItemsQuerySchema = z.object({
  appId: z.string().min(1).max(64),
  status: z.enum(CONTEXT_ITEM_STATUSES).optional(),
});

/** One stored piece of an item's text, with where it sits in the text (for citations). */
export const contextChunkSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  position: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  /** The row, page or section label the chunk came from, when the format has one. */
  locator: z.string().nullable(),
});
export type ContextChunk = z.infer<typeof contextChunkSchema>;

/** GET /api/context/{id}/chunks: the item's extracted text as the model sees it. */
export const contextItemPreviewSchema = z.object({
  item: contextItemSchema,
  chunks: z.array(contextChunkSchema),
  totalChunks: z.number().int().nonnegative(),
});
export type ContextItemPreview = z.infer<typeof contextItemPreviewSchema>;

export const RETRIEVAL_METHODS = ["full_text", "vector", "hybrid"] as const;
export type RetrievalMethod = (typeof RETRIEVAL_METHODS)[number];

/** POST /api/context/search?appId: the builder's "test retrieval" box. */
export const retrievalQueryBodySchema = z.object({
  query: z
    .string({ error: DATA_SOURCE_MESSAGES.queryEmpty })
    .trim()
    .min(1, DATA_SOURCE_MESSAGES.queryEmpty)
    .max(RETRIEVAL_QUERY_MAX_LENGTH, `A query can be at most ${RETRIEVAL_QUERY_MAX_LENGTH} characters`),
  itemIds: z.array(z.string().min(1).max(64)).max(100).optional(),
  limit: z.number().int().min(1).max(20).optional(),
});

/** One retrieved chunk and why: its rank and score in each method, and the fused score. */
export const retrievedChunkSchema = z.object({
  chunk: contextChunkSchema,
  itemName: z.string(),
  itemType: z.enum(CONTEXT_ITEM_TYPES),
  score: z.number(),
  fullText: z.object({ rank: z.number().int().positive(), score: z.number() }).nullable(),
  vector: z.object({ rank: z.number().int().positive(), score: z.number() }).nullable(),
});
export type RetrievedChunk = z.infer<typeof retrievedChunkSchema>;

export const retrievalResultSchema = z.object({
  method: z.enum(RETRIEVAL_METHODS),
  results: z.array(retrievedChunkSchema),
  tookMs: z.number(),
});
export type RetrievalResult = z.infer<typeof retrievalResultSchema>;

/**
 * SSE of GET /api/context/items/events?appId (optionally &status=): first the whole list,
 * then each item as it changed, or its removal (or its leaving the watched status).
 */
export const contextItemEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("snapshot"),
    contextItems: z.array(contextItemSchema),
    hasReachedDataLimit: z.boolean(),
  }),
  z.object({ type: z.literal("item"), item: contextItemSchema }),
  z.object({ type: z.literal("removed"), itemId: z.string() }),
]);
export type ContextItemEvent = z.infer<typeof contextItemEventSchema>;

/** A source a run or an assistant reply used (spec: message parts of type source). */
export const sourceCitationSchema = z.object({
  type: z.literal("source"),
  /** The number the answer cites it by: [1], [2] … */
  ref: z.number().int().positive(),
  itemId: z.string(),
  itemName: z.string(),
  chunkId: z.string(),
  position: z.number().int().nonnegative(),
  locator: z.string().nullable(),
  excerpt: z.string(),
});
export type SourceCitation = z.infer<typeof sourceCitationSchema>;

/** One row of a tool's items list, as a tool_item_select offers it. */
export const toolItemSchema = z.object({
  id: z.string(),
  /** The row's first value (its name, as a person would pick it). */
  label: z.string(),
  /** The rest of the row, "column: value" per line. */
  details: z.string(),
});
export type ToolItem = z.infer<typeof toolItemSchema>;

/** GET /live_api/apps/{appId}/tools/{toolId}/fields/{field}/items?q= */
export const toolItemsResponseSchema = z.object({ items: z.array(toolItemSchema) });
export type ToolItemsResponse = z.infer<typeof toolItemsResponseSchema>;
