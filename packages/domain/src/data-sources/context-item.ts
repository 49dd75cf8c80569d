import { z } from "zod";

/** The kinds of data source (spec section 3 "Context item"). */
export const CONTEXT_ITEM_TYPES = [
  "csv",
  "txt",
  "pdf",
  "doc",
  "notion_page",
  "notion_database",
  "google_doc",
  "google_sheet",
  "google_slide",
  "web_page",
  "unrecognized",
] as const;
export type ContextItemType = (typeof CONTEXT_ITEM_TYPES)[number];

/** Where an item came from (spec section 3). */
export const CONTEXT_ITEM_SOURCES = ["local files", "web scraper", "cloud drive", "notes workspace"] as const;
export type ContextItemSource = (typeof CONTEXT_ITEM_SOURCES)[number];

/**
 * An item's life (spec section 4 "Context item status"): unsynced and pending wait for the
 * ingest job, running is being read, synced is searchable, error carries the reason, and
 * usage_limit_reached waits for the month's data processing to allow it.
 */
export const CONTEXT_ITEM_STATUSES = [
  "unsynced",
  "pending",
  "running",
  "synced",
  "error",
  "usage_limit_reached",
] as const;
export type ContextItemStatus = (typeof CONTEXT_ITEM_STATUSES)[number];

/** The words the builder reads for each status (spec section 4). */
export const CONTEXT_ITEM_STATUS_LABELS: Record<ContextItemStatus, string> = {
  unsynced: "Pending",
  pending: "Pending",
  running: "Syncing...",
  synced: "Synced",
  error: "Error",
  usage_limit_reached: "Usage limit reached",
};

/** Shown beside a web-scraped item while it is read (spec section 4). */
export const WEB_SCRAPER_HINT = "Usually it takes a few minutes";

/** The product's own provider value; connectors put theirs (spec section 3 "provider"). */
export const LIFTOFF_PROVIDER = "liftoff";

/** Progress of a running item: pages crawled, then chunks indexed. */
export const contextItemProgressSchema = z.object({
  stage: z.enum(["reading", "crawling", "embedding", "indexing"]),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
});
export type ContextItemProgress = z.infer<typeof contextItemProgressSchema>;

/** One data source of an app, as the builder sees it (spec section 3, every field real). */
export const contextItemSchema = z.object({
  id: z.string(),
  appId: z.string(),
  name: z.string(),
  type: z.enum(CONTEXT_ITEM_TYPES),
  source: z.enum(CONTEXT_ITEM_SOURCES),
  status: z.enum(CONTEXT_ITEM_STATUSES),
  /** Bytes read from the source (the upload, the text, the pages fetched). */
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** When the row last changed: a live view keeps the newest of two copies of an item. */
  updatedAt: z.string(),
  lastSyncedAt: z.string().nullable(),
  externalFileUrl: z.string().nullable(),
  externalFileId: z.string().nullable(),
  numOfChunks: z.number().int().nonnegative(),
  providerItemId: z.string().nullable(),
  provider: z.string(),
  /** Why the item is in error (or waits on the limit), in words the builder can act on. */
  error: z.string().nullable(),
  progress: contextItemProgressSchema.nullable(),
  /** Ingest attempts so far (retries after a crash or a passing failure). */
  attempts: z.number().int().nonnegative(),
});
export type ContextItem = z.infer<typeof contextItemSchema>;

/** GET /api/context/items?appId (spec section 7). */
export const contextItemsResponseSchema = z.object({
  contextItems: z.array(contextItemSchema),
  hasReachedDataLimit: z.boolean(),
});
export type ContextItemsResponse = z.infer<typeof contextItemsResponseSchema>;

/** Attempts an item gets (the first and two retries) before it fails with its reason. */
export const CONTEXT_ITEM_MAX_ATTEMPTS = 3;

/**
 * What a waiting item says when an earlier attempt of it did not finish (a passing failure
 * or a restart): it is queued again, not stuck. Null for a first attempt.
 */
export function contextItemRetryNote(item: { status: ContextItemStatus; attempts: number }): string | null {
  if (item.status !== "pending" || item.attempts === 0) return null;
  return `Trying again shortly (attempt ${Math.min(item.attempts + 1, CONTEXT_ITEM_MAX_ATTEMPTS)} of ${CONTEXT_ITEM_MAX_ATTEMPTS})`;
}

/** Statuses that are still on their way to synced or error. */
export function isContextItemWorking(status: ContextItemStatus): boolean {
  return status === "unsynced" || status === "pending" || status === "running";
}
