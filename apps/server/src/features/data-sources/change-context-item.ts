import { AppError, type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { publishContextItemChange } from "./context-item-signals.ts";
import type { IngestWorker } from "./ingest-worker.ts";
import { type ContextItemRow, toContextItem } from "./to-context-item.ts";

/** PATCH /api/context/{id}: a new name (the chunks keep citing the item by id). */
export async function renameContextItem(options: {
  deps: Pick<Deps, "db" | "bus">;
  item: ContextItemRow;
  name: string;
}): Promise<ContextItem> {
  const row = await options.deps.db
    .updateTable("context_items")
    .set({ name: options.name, updatedAt: new Date() })
    .where("id", "=", options.item.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.itemNotFound);
  await publishContextItemChange(options.deps.bus, row.appId, row.id);
  return toContextItem(row);
}

/**
 * DELETE /api/context/{id}: the item, its chunks (by cascade) and its stored bytes. A job
 * reading it meanwhile finds it gone at its final step and keeps nothing.
 */
export async function deleteContextItem(options: {
  deps: Pick<Deps, "db" | "bus" | "storage">;
  item: ContextItemRow;
}): Promise<void> {
  const { deps, item } = options;
  await deps.db.deleteFrom("context_items").where("id", "=", item.id).execute();
  if (item.storageKey) await deps.storage.delete(item.storageKey);
  await publishContextItemChange(deps.bus, item.appId, item.id);
}

/**
 * POST /api/context/{id}/sync (ours): read the item again — after an error, once the month's
 * data processing allows it, or to pick up a changed site. Its current chunks stay
 * searchable until the new ones are complete. An item being read is left alone.
 */
export async function resyncContextItem(options: {
  deps: Pick<Deps, "db" | "bus"> & { ingest: IngestWorker };
  item: ContextItemRow;
}): Promise<ContextItem> {
  const { deps, item } = options;
  const row = await deps.db
    .updateTable("context_items")
    .set({
      status: "pending",
      attempts: 0,
      error: null,
      errorDetails: null,
      runAfter: new Date(),
      updatedAt: new Date(),
    })
    .where("id", "=", item.id)
    .where("status", "in", ["synced", "error", "usage_limit_reached", "unsynced"])
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const current = await deps.db
      .selectFrom("context_items")
      .selectAll()
      .where("id", "=", item.id)
      .executeTakeFirst();
    if (!current) throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.itemNotFound);
    return toContextItem(current);
  }
  await publishContextItemChange(deps.bus, row.appId, row.id);
  deps.ingest.wake();
  return toContextItem(row);
}
