import { AppError, CONNECTOR_LABELS, type ConnectorFilesResponse } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { connectorAppError } from "./connector-app-error.ts";
import { connectorTokens } from "./connector-tokens.ts";
import { findConnectorAccount } from "./find-connector-account.ts";
import { requireConnector } from "./require-connector.ts";

/** Message when the builder lists or adds a provider's files without a connection (ours). */
export const notConnectedMessage = (label: string) => `Connect ${label} first.`;

/**
 * GET /api/integrations/connectors/{provider}/files: one page of the builder's files or
 * pages at the provider (a search when `query` is given), through their own connection.
 */
export async function listConnectorFiles(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
  provider: string;
  query?: string | undefined;
  cursor?: string | undefined;
}): Promise<ConnectorFilesResponse> {
  const adapter = requireConnector(options.deps.config, options.provider);
  const account = await findConnectorAccount(options.deps, options.userId, adapter.provider);
  if (!account) throw new AppError("CONFLICT", notConnectedMessage(CONNECTOR_LABELS[adapter.provider]));
  try {
    const tokens = await connectorTokens({ deps: options.deps, account, adapter });
    return await adapter.listFiles(tokens, { query: options.query || undefined, cursor: options.cursor });
  } catch (error) {
    throw connectorAppError(error);
  }
}
