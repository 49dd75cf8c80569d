import { CONNECTOR_MESSAGE_TYPE, type ConnectorStatus } from "@liftoff/domain";
import { useCallback, useEffect, useState } from "react";
import { readConnectorMessage } from "./connector-picker.ts";
import { dataSourcesApi } from "./data-sources-api.ts";

/**
 * The connectors this server offers (GET /api/integrations/fetchCarbonTokens), read again
 * when a connect popup reports back: over a BroadcastChannel (which still works when the
 * provider's pages cut the popup off from this window) or postMessage from our own origin.
 * A server that offers none, or a failed read, gives an empty list: the entries then stay
 * hidden, as when nothing is configured.
 */
export function useConnectors() {
  const [connectors, setConnectors] = useState<ConnectorStatus[]>([]);
  const reload = useCallback(async () => {
    try {
      setConnectors(await dataSourcesApi.connectors());
    } catch {
      setConnectors([]);
    }
  }, []);

  useEffect(() => {
    void reload();
    const heard = (data: unknown) => {
      if (readConnectorMessage(data)) void reload();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) heard(event.data);
    };
    window.addEventListener("message", onMessage);
    const channel =
      typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CONNECTOR_MESSAGE_TYPE);
    if (channel) channel.onmessage = (event) => heard(event.data);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [reload]);

  return { connectors, reload };
}
