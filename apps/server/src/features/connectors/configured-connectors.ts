import type { ConnectorProvider } from "@liftoff/domain";
import type { Config } from "../../config.ts";
import type { ConnectorAdapter } from "./connector-adapter.ts";
import { createGoogleDriveAdapter } from "./google-drive-adapter.ts";
import { createNotionAdapter } from "./notion-adapter.ts";

const cache = new WeakMap<Config, Map<ConnectorProvider, ConnectorAdapter>>();

/**
 * The connectors this server offers: one per provider whose OAuth client is configured, in
 * the order the modal shows them. An unconfigured provider has no adapter at all, so every
 * route and the ingest job treat it as absent.
 */
export function configuredConnectors(config: Config): Map<ConnectorProvider, ConnectorAdapter> {
  let adapters = cache.get(config);
  if (!adapters) {
    adapters = new Map();
    const { notion, googleDrive } = config.connectors;
    if (notion) adapters.set("notion", createNotionAdapter(notion));
    if (googleDrive) adapters.set("google_drive", createGoogleDriveAdapter(googleDrive));
    cache.set(config, adapters);
  }
  return adapters;
}
