import { AppError, type ConnectorProvider, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import type { Config } from "../../config.ts";
import { configuredConnectors } from "./configured-connectors.ts";
import type { ConnectorAdapter } from "./connector-adapter.ts";

/** The provider's adapter; 404 when this server has no such connector configured. */
export function requireConnector(config: Config, provider: string): ConnectorAdapter {
  const adapter = configuredConnectors(config).get(provider as ConnectorProvider);
  if (!adapter) throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.connectorNotConfigured);
  return adapter;
}
