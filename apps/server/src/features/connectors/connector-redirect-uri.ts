import type { ConnectorProvider } from "@liftoff/domain";
import type { Config } from "../../config.ts";

/** The callback registered with each provider's OAuth client (documented in README). */
export function connectorRedirectUri(config: Pick<Config, "publicUrl">, provider: ConnectorProvider): string {
  return `${config.publicUrl}/api/integrations/connectors/${provider}/callback`;
}
