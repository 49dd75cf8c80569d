import { AppError, CONNECTOR_LABELS, type ConnectorProvider } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { verifyConnectState } from "./connect-state.ts";
import { connectorRedirectUri } from "./connector-redirect-uri.ts";
import { requireConnector } from "./require-connector.ts";
import { saveConnectorAccount } from "./save-connector-account.ts";

/** Texts of the page the connect popup ends on (ours). */
export const CONNECT_MESSAGES = {
  connected: (label: string) => `${label} is connected. You can close this window.`,
  failed: (label: string) => `${label} could not be connected. Close this window and try again.`,
  badState: "This connect link has expired or was started by someone else. Close this window and try again.",
} as const;

export type ConnectOutcome = {
  ok: boolean;
  provider: ConnectorProvider;
  appId: string | null;
  message: string;
};

/**
 * GET /api/integrations/connectors/{provider}/callback?code&state: the provider sends the
 * builder back here. The state must be ours, unexpired, for this provider and for the
 * builder signed in now; then the code is exchanged and the connection stored. A refusal
 * at the provider (the builder pressed Cancel: `error=access_denied`) or a failed exchange
 * ends on a page that says so; nothing is stored.
 */
export async function finishConnect(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
  provider: string;
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
}): Promise<ConnectOutcome> {
  const { deps, query } = options;
  const adapter = requireConnector(deps.config, options.provider);
  const state = verifyConnectState(deps.config.authSecret, query.state);
  if (!state || state.userId !== options.userId || state.provider !== adapter.provider)
    throw new AppError("BAD_REQUEST", CONNECT_MESSAGES.badState);
  const outcome = (ok: boolean): ConnectOutcome => ({
    ok,
    provider: adapter.provider,
    appId: state.appId,
    message: (ok ? CONNECT_MESSAGES.connected : CONNECT_MESSAGES.failed)(CONNECTOR_LABELS[adapter.provider]),
  });
  if (query.error || !query.code) return outcome(false);
  try {
    const grant = await adapter.exchangeCode(query.code, connectorRedirectUri(deps.config, adapter.provider));
    await saveConnectorAccount({ deps, userId: options.userId, adapter, grant });
    return outcome(true);
  } catch (error) {
    log.warn("connector: code exchange failed", { provider: adapter.provider, error });
    return outcome(false);
  }
}
