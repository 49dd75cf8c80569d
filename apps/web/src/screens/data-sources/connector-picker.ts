import {
  CONNECTOR_SOURCES,
  type ConnectorFile,
  type ConnectorMessage,
  type ConnectorProvider,
  connectorMessageSchema,
} from "@liftoff/domain";

/** Where the connect popup starts: our server, which redirects to the provider's consent page. */
export function connectUrl(provider: ConnectorProvider, appId: string): string {
  return `/api/integrations/connectors/${provider}/connect?appId=${encodeURIComponent(appId)}`;
}

/** The picked files as POST /api/context/ingest/metadata entries (spec section 7). */
export function toMetadataItems(provider: ConnectorProvider, files: readonly ConnectorFile[]) {
  return files.map((file) => ({
    name: file.name.trim().slice(0, 200) || "Untitled",
    source: CONNECTOR_SOURCES[provider],
    type: file.type,
    provider,
    providerItemId: file.id,
    externalFileId: file.id,
    externalFileUrl: file.url,
  }));
}

/** Picks a file, or unpicks it when it was picked; at most `max` at once (the plan's file count). */
export function toggleFile(
  selected: ReadonlyMap<string, ConnectorFile>,
  file: ConnectorFile,
  max: number,
): ReadonlyMap<string, ConnectorFile> {
  const next = new Map(selected);
  if (next.has(file.id)) next.delete(file.id);
  else if (next.size < max) next.set(file.id, file);
  return next;
}

/** The list after "Show more": the next page appended, anything already listed not twice. */
export function appendFiles(
  listed: readonly ConnectorFile[],
  page: readonly ConnectorFile[],
): ConnectorFile[] {
  const seen = new Set(listed.map((file) => file.id));
  return [...listed, ...page.filter((file) => !seen.has(file.id))];
}

/** A connect popup's message to this page, or null for anything else posted to it. */
export function readConnectorMessage(data: unknown): ConnectorMessage | null {
  const parsed = connectorMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
