import type { ConnectorFile, ConnectorProvider, ContextItemType } from "@liftoff/domain";
import type { ExtractedDocument } from "@liftoff/knowledge";

/** The OAuth tokens a connection holds (sealed at rest; never sent to the browser). */
export type ConnectorTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working (epoch ms); null when it does not expire (Notion). */
  expiresAt: number | null;
};

/** A token is taken as expired this much before its provider says it is. */
const EXPIRY_MARGIN_MS = 60_000;

/** When a token answer's access token should be refreshed (epoch ms); null without `expires_in`. */
export function tokenExpiresAt(expiresIn: number | undefined): number | null {
  return expiresIn ? Date.now() + expiresIn * 1000 - EXPIRY_MARGIN_MS : null;
}

/** What a finished OAuth exchange gives: the tokens and who they belong to. */
export type ConnectorGrant = {
  tokens: ConnectorTokens;
  accountName: string | null;
  workspaceId: string | null;
};

/**
 * A source's content: sections read from the provider's structured API (Notion blocks), or
 * a file's bytes for the extractors data sources already use (Drive exports and uploads).
 */
export type ConnectorContent =
  | { kind: "document"; document: ExtractedDocument }
  | { kind: "file"; bytes: Uint8Array; fileName: string; mimeType: string };

/**
 * One provider behind one interface, so routes, the picker and the ingest job never know
 * which they talk to. Every URL comes from the server's configuration (never from a
 * request), so a caller cannot point the server anywhere else.
 */
export type ConnectorAdapter = {
  provider: ConnectorProvider;
  /** The provider's consent page for this client, carrying our signed state. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ConnectorGrant>;
  /** A fresh access token for an expired one (Google); null when the provider has none to give. */
  refresh(tokens: ConnectorTokens): Promise<ConnectorTokens | null>;
  /** Withdraws the connection's access at the provider (on disconnect). */
  revoke(tokens: ConnectorTokens): Promise<void>;
  listFiles(
    tokens: ConnectorTokens,
    options: { query?: string | undefined; cursor?: string | undefined },
  ): Promise<{ files: ConnectorFile[]; nextCursor: string | null }>;
  fetchContent(
    tokens: ConnectorTokens,
    fileId: string,
    type: ContextItemType,
    /** maxBytes: the largest file the owner's plan reads (a larger one is refused, not read). */
    options?: { signal?: AbortSignal; maxBytes?: number },
  ): Promise<ConnectorContent>;
};

/**
 * A provider refused or failed a call. `retryable` for what may pass (429, 5xx, network);
 * otherwise the connection or the file is unusable (revoked, no access, gone) and the
 * builder has to act.
 */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ConnectorError";
  }
}
