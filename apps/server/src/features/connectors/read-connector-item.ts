import {
  AppError,
  CONNECTOR_LABELS,
  type ContextItemType,
  DATA_SOURCE_MESSAGES,
  isConnectorProvider,
} from "@liftoff/domain";
import { type ExtractedDocument, extractFile } from "@liftoff/knowledge";
import type { Deps } from "../../http/app-env.ts";
import type { ContextItemRow } from "../data-sources/to-context-item.ts";
import { configuredConnectors } from "./configured-connectors.ts";
import { ConnectorError } from "./connector-adapter.ts";
import { connectorTokens } from "./connector-tokens.ts";
import { findConnectorAccount } from "./find-connector-account.ts";

/**
 * The ingest job's read of a connector item: its current content at the provider, through
 * the connection of the builder who added it (refreshed when expired), as an extracted
 * document. Every sync reads the provider again, so a re-sync picks up changes.
 *
 * A missing, revoked or unreadable connection, or a file the connection may no longer
 * read, ends the item in error with the spec's connector message and what went wrong in
 * its details; a provider's passing failure (429, 5xx, network) is thrown as is, so the
 * worker retries it with its backoff.
 */
export async function readConnectorItem(options: {
  deps: Pick<Deps, "db" | "config">;
  item: ContextItemRow;
  maxBytes: number;
  signal: AbortSignal;
}): Promise<{ document: ExtractedDocument; bytes: number }> {
  const { deps, item } = options;
  const refuse = (reason: string) => new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.connector, { reason });
  const adapter = isConnectorProvider(item.provider)
    ? configuredConnectors(deps.config).get(item.provider)
    : undefined;
  if (!adapter) throw refuse(`The ${item.provider} connector is not configured on this server`);
  const label = CONNECTOR_LABELS[adapter.provider];
  const account = item.connectorUserId
    ? await findConnectorAccount(deps, item.connectorUserId, adapter.provider)
    : undefined;
  if (!account) throw refuse(`No ${label} connection: connect ${label} again, then sync this item`);
  const fileId = item.externalFileId ?? item.providerItemId;
  if (!fileId) throw refuse(`The item has no ${label} id`);
  try {
    const tokens = await connectorTokens({ deps, account, adapter });
    const content = await adapter.fetchContent(tokens, fileId, item.type as ContextItemType, {
      signal: options.signal,
      maxBytes: options.maxBytes,
    });
    if (content.kind === "document") return { document: content.document, bytes: content.document.bytes };
    const { document } = await extractFile({
      bytes: content.bytes,
      fileName: content.fileName,
      mimeType: content.mimeType,
    });
    return { document, bytes: content.bytes.byteLength };
  } catch (error) {
    if (error instanceof ConnectorError && !error.retryable) throw refuse(error.message);
    throw error;
  }
}
