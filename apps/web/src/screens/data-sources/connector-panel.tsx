import { CONNECTOR_SOURCES, type ConnectorStatus, type ContextItem } from "@liftoff/domain";
import { Button, ConfirmDialog } from "@liftoff/ui";
import { LinkIcon, UnplugIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ConnectorFilePicker } from "./connector-file-picker.tsx";
import { connectUrl } from "./connector-picker.ts";
import { dataSourcesApi } from "./data-sources-api.ts";

const POPUP_FEATURES = "popup,width=600,height=720";

export type ConnectorPanelProps = {
  appId: string;
  connector: ConnectorStatus;
  onAdded: (items: ContextItem[]) => void;
  /** Reads the connectors again (after a connect popup closes, or a disconnect). */
  onChanged: () => Promise<void>;
};

/**
 * One connector's tab: "Connect Notion" opens the provider's consent in a popup (or, when
 * the browser blocks popups, in this tab, which comes back to the builder); once connected,
 * the account's name with Disconnect, and the picker of its files.
 */
export function ConnectorPanel({ appId, connector, onAdded, onChanged }: ConnectorPanelProps) {
  const { provider, label } = connector;
  const [waiting, setWaiting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const popup = useRef<Window | null>(null);

  // While the popup is open, its closing (done or given up) reads the connection again; the
  // popup's own message usually arrives first (useConnectors).
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (popup.current && !popup.current.closed) return;
      clearInterval(timer);
      setWaiting(false);
      void onChanged();
    }, 500);
    return () => clearInterval(timer);
  }, [waiting, onChanged]);

  useEffect(() => {
    if (connector.connected) setWaiting(false);
  }, [connector.connected]);

  function connect() {
    const url = connectUrl(provider, appId);
    popup.current = window.open(url, `liftoff-connect-${provider}`, POPUP_FEATURES);
    if (!popup.current) {
      window.location.assign(url);
      return;
    }
    setWaiting(true);
  }

  if (!connector.connected)
    return (
      <div className="grid gap-3" data-testid={`ds-connector-${provider}`}>
        <p className="text-sm text-muted-foreground">
          {provider === "notion"
            ? "Pick pages and databases from your Notion workspace. They are read again whenever you sync them."
            : "Pick documents, spreadsheets, slides and files from your Google Drive. They are read again whenever you sync them."}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={connect} loading={waiting} data-testid={`ds-connect-${provider}`}>
            <LinkIcon aria-hidden />
            Connect {label}
          </Button>
          {waiting ? (
            <span className="text-xs text-muted-foreground" role="status">
              Finish in the {label} window.
            </span>
          ) : null}
        </div>
      </div>
    );

  return (
    <div className="grid min-w-0 gap-3" data-testid={`ds-connector-${provider}`}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm">
          <span className="text-muted-foreground">Connected to </span>
          <span className="font-medium">{connector.accountName ?? label}</span>
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setConfirming(true)}
          data-testid={`ds-disconnect-${provider}`}
        >
          <UnplugIcon aria-hidden />
          Disconnect
        </Button>
      </div>
      <ConnectorFilePicker appId={appId} provider={provider} label={label} onAdded={onAdded} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${label}?`}
        description={`Items from your ${CONNECTOR_SOURCES[provider]} stay and can still be searched, but they cannot be synced again until you connect ${label} again.`}
        confirmLabel="Disconnect"
        destructive
        onConfirm={async () => {
          await dataSourcesApi.disconnect(provider);
          await onChanged();
        }}
      />
    </div>
  );
}
