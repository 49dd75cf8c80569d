import type { Database } from "@liftoff/db";
import {
  CONTEXT_ITEM_SOURCES,
  CONTEXT_ITEM_TYPES,
  type ContextItem,
  type ContextItemProgress,
  contextItemProgressSchema,
} from "@liftoff/domain";
import type { Selectable } from "kysely";

export type ContextItemRow = Selectable<Database["context_items"]>;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The stored row as the builder sees it (spec section 3 "Context item"). */
export function toContextItem(row: ContextItemRow): ContextItem {
  const progress = contextItemProgressSchema.safeParse(row.progress);
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    type: (CONTEXT_ITEM_TYPES as readonly string[]).includes(row.type)
      ? (row.type as ContextItem["type"])
      : "unrecognized",
    source: (CONTEXT_ITEM_SOURCES as readonly string[]).includes(row.source)
      ? (row.source as ContextItem["source"])
      : "local files",
    status: row.status,
    size: Number(row.size),
    createdAt: iso(row.createdAt) ?? "",
    updatedAt: iso(row.updatedAt) ?? "",
    lastSyncedAt: iso(row.lastSyncedAt),
    externalFileUrl: row.externalFileUrl,
    externalFileId: row.externalFileId,
    numOfChunks: row.numOfChunks,
    providerItemId: row.providerItemId,
    provider: row.provider,
    error: row.error,
    progress: row.status === "running" && progress.success ? (progress.data as ContextItemProgress) : null,
    attempts: row.attempts,
  };
}
