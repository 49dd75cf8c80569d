import { randomUUID } from "node:crypto";
import {
  AppError,
  type ContextItemSource,
  type ContextItemType,
  DATA_SOURCE_MESSAGES,
  LIFTOFF_PROVIDER,
  planLimits,
} from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { publishContextItemChange } from "./context-item-signals.ts";
import type { IngestWorker } from "./ingest-worker.ts";
import { type ContextItemRow, toContextItem } from "./to-context-item.ts";

/** Where an item's original bytes are kept, so a retry or a re-sync reads them again. */
export function contextItemKey(accountId: string, appId: string, itemId: string): string {
  return `accounts/${accountId}/apps/${appId}/context/${itemId}`;
}

export type NewContextItem = {
  name: string;
  type: ContextItemType;
  source: ContextItemSource;
  size: number;
  /** The original bytes (a file, the pasted text); none for a crawl. */
  bytes?: { data: Uint8Array; contentType: string };
  sourceUrl?: string;
  /** A connector's item: its provider, the provider's id and address, whose connection reads it. */
  connector?: {
    provider: string;
    providerItemId: string | null;
    externalFileId: string;
    externalFileUrl: string | null;
    connectorUserId: string;
  };
};

/**
 * Adds data sources to an app and queues them: each is stored as `pending` with its bytes
 * in storage, and the ingest worker is woken. The plan's item count is checked for all of
 * them at once, inside a transaction that locks the app's row, so two uploads at the same
 * moment cannot both take the last place.
 */
export async function createContextItems(options: {
  deps: Pick<Deps, "db" | "storage" | "bus"> & { ingest: IngestWorker };
  managed: ManagedApp;
  items: NewContextItem[];
}) {
  const { deps, managed } = options;
  const limits = planLimits(managed.ownerPlan);
  const prepared = options.items.map((item) => ({ ...item, id: randomUUID() }));
  for (const item of prepared)
    if (item.bytes)
      await deps.storage.put(
        contextItemKey(managed.app.accountId, managed.app.id, item.id),
        item.bytes.data,
        item.bytes.contentType,
      );
  let rows: ContextItemRow[];
  try {
    rows = await deps.db.transaction().execute(async (trx) => {
      await sql`select 1 from "apps" where "id" = ${managed.app.id} for update`.execute(trx);
      const counted = await trx
        .selectFrom("context_items")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("appId", "=", managed.app.id)
        .executeTakeFirstOrThrow();
      if (Number(counted.count) + prepared.length > limits.maxContextItems)
        throw new AppError(
          "PLAN_LIMIT",
          limits.maxContextItems === 1
            ? DATA_SOURCE_MESSAGES.liteItemLimit
            : DATA_SOURCE_MESSAGES.itemLimit(limits.maxContextItems),
          { reason: "data_sources", limit: limits.maxContextItems },
        );
      return trx
        .insertInto("context_items")
        .values(
          prepared.map((item) => ({
            id: item.id,
            appId: managed.app.id,
            name: item.name,
            type: item.type,
            source: item.source,
            status: "pending" as const,
            size: item.size,
            provider: item.connector?.provider ?? LIFTOFF_PROVIDER,
            storageKey: item.bytes ? contextItemKey(managed.app.accountId, managed.app.id, item.id) : null,
            contentType: item.bytes?.contentType ?? null,
            sourceUrl: item.sourceUrl ?? null,
            externalFileUrl: item.connector ? item.connector.externalFileUrl : (item.sourceUrl ?? null),
            externalFileId: item.connector?.externalFileId ?? null,
            providerItemId: item.connector?.providerItemId ?? null,
            connectorUserId: item.connector?.connectorUserId ?? null,
          })),
        )
        .returningAll()
        .execute();
    });
  } catch (error) {
    for (const item of prepared)
      if (item.bytes)
        await deps.storage
          .delete(contextItemKey(managed.app.accountId, managed.app.id, item.id))
          .catch(() => undefined);
    throw error;
  }
  for (const row of rows) await publishContextItemChange(deps.bus, managed.app.id, row.id);
  deps.ingest.wake();
  return rows.map(toContextItem);
}
