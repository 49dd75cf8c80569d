import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { signConnectState } from "./connect-state.ts";
import { connectorRedirectUri } from "./connector-redirect-uri.ts";
import { requireConnector } from "./require-connector.ts";

/**
 * GET /api/integrations/connectors/{provider}/connect?appId: where the connect popup goes,
 * the provider's consent page with a state bound to this builder, provider and app.
 */
export function startConnect(options: {
  deps: Pick<Deps, "config">;
  userId: string;
  provider: string;
  managed: ManagedApp;
}): string {
  const adapter = requireConnector(options.deps.config, options.provider);
  const state = signConnectState(options.deps.config.authSecret, {
    userId: options.userId,
    provider: adapter.provider,
    appId: options.managed.app.id,
  });
  return adapter.authorizeUrl(state, connectorRedirectUri(options.deps.config, adapter.provider));
}
