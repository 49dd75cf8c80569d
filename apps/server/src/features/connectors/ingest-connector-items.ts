import {
  AppError,
  CONNECTOR_LABELS,
  CONNECTOR_SOURCES,
  type ContextItem,
  type ContextItemType,
  DATA_SOURCE_MESSAGES,
  type IngestMetadataBody,
  isConnectorProvider,
  planLimits,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createContextItems, type NewContextItem } from "../data-sources/create-context-item.ts";
import type { IngestWorker } from "../data-sources/ingest-worker.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { configuredConnectors } from "./configured-connectors.ts";
import { findConnectorAccount } from "./find-connector-account.ts";
import { DRIVE_MIME_TYPES } from "./google-drive-adapter.ts";
import { notConnectedMessage } from "./list-connector-files.ts";

/** The item types each provider's files can be. */
const PROVIDER_TYPES: Record<string, readonly ContextItemType[]> = {
  notion: ["notion_page", "notion_database"],
  google_drive: [...new Set(Object.values(DRIVE_MIME_TYPES))],
};

/** Notion ids are UUIDs, Drive ids URL-safe letters: nothing else goes into a provider's path. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * POST /api/context/ingest/metadata?appId (spec section 7): the files a builder picked at a
 * connector become pending items, read by the ingest worker through the builder's own
 * connection (spec source "notes workspace" / "cloud drive", provider "notion" /
 * "google_drive"). Refused whole, before anything is stored: an unconfigured provider
 * (404), no connection (409), a source or type the provider does not have, an id that is
 * not the provider's, more files than the plan takes at once; the plan's item count is
 * checked as for uploads.
 */
export async function ingestConnectorItems(options: {
  deps: Pick<Deps, "db" | "storage" | "bus" | "config"> & { ingest: IngestWorker };
  managed: ManagedApp;
  userId: string;
  contextItems: IngestMetadataBody["contextItems"];
}): Promise<ContextItem[]> {
  const { deps, managed } = options;
  const limits = planLimits(managed.ownerPlan);
  if (options.contextItems.length > limits.maxFileCount)
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.fileCount(limits.maxFileCount));
  const adapters = configuredConnectors(deps.config);
  const connected = new Set<string>();
  const items: NewContextItem[] = [];
  for (const entry of options.contextItems) {
    const provider = entry.provider;
    if (!isConnectorProvider(provider) || !adapters.has(provider))
      throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.connectorNotConfigured);
    if (entry.source !== CONNECTOR_SOURCES[provider])
      throw new AppError(
        "BAD_REQUEST",
        `${CONNECTOR_LABELS[provider]} items have the source "${CONNECTOR_SOURCES[provider]}"`,
      );
    if (!PROVIDER_TYPES[provider]?.includes(entry.type))
      throw new AppError("BAD_REQUEST", `${CONNECTOR_LABELS[provider]} has no items of type ${entry.type}`);
    const fileId = entry.externalFileId ?? entry.providerItemId ?? "";
    if (!PROVIDER_ID.test(fileId))
      throw new AppError("BAD_REQUEST", `externalFileId is not a ${CONNECTOR_LABELS[provider]} id`);
    if (!connected.has(provider)) {
      if (!(await findConnectorAccount(deps, options.userId, provider)))
        throw new AppError("CONFLICT", notConnectedMessage(CONNECTOR_LABELS[provider]));
      connected.add(provider);
    }
    items.push({
      name: entry.name,
      type: entry.type,
      source: entry.source,
      size: 0,
      connector: {
        provider,
        providerItemId: entry.providerItemId ?? fileId,
        externalFileId: fileId,
        externalFileUrl: webAddress(entry.externalFileUrl),
        connectorUserId: options.userId,
      },
    });
  }
  return createContextItems({ deps, managed, items });
}

/** The provider's link to the file, kept only when it is a web address (it is shown as a link). */
function webAddress(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  return /^https?:$/.test(new URL(value).protocol) ? value : null;
}
