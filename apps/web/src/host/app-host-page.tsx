import type { RuntimeBundle } from "@liftoff/domain";
import { Button, Spinner } from "@liftoff/ui";
import { CloudOffIcon, LockIcon, RefreshCwIcon, SearchXIcon, WrenchIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { AppFrameView } from "./app-frame-view.tsx";
import { clearAppToken, readAppToken } from "./app-token-store.ts";
import { fetchRuntimeBundle } from "./fetch-runtime-bundle.ts";
import { type HostRoute, loginUrlOf } from "./host-route.ts";
import { loadRuntimeBundle } from "./load-runtime-bundle.ts";
import { StatusPage } from "./status-page.tsx";

type AppRoute = Extract<HostRoute, { page: "app" }>;

type PageState =
  | { kind: "loading" }
  | { kind: "ready"; bundle: RuntimeBundle }
  | { kind: "notFound" }
  | { kind: "updating"; name: string }
  | { kind: "private" }
  | { kind: "error"; message: string };

const TOKENS = { read: readAppToken, clear: clearAppToken };

function currentHostUrl(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * A published app (or a custom host's app): loads its runtime bundle with the visitor's
 * token, sends private apps to their login page, and runs the app in its sandboxed frame.
 */
export function AppHostPage({ route }: { route: AppRoute }) {
  const [state, setState] = useState<PageState>({ kind: "loading" });
  const { customHost } = route;

  const load = useCallback(async () => {
    const answer = await loadRuntimeBundle(route.lookup, TOKENS, fetchRuntimeBundle);
    switch (answer.status) {
      case "ok":
        if (answer.bundle.diagnostics.length > 0)
          setState({ kind: "updating", name: answer.bundle.app.name });
        else setState({ kind: "ready", bundle: answer.bundle });
        return;
      case "forbidden":
        // Private or unpublished: sign in, then come back to this very URL.
        if (answer.appId || customHost)
          location.replace(loginUrlOf(answer.appId, customHost, currentHostUrl()));
        else setState({ kind: "private" });
        return;
      case "notFound":
        setState({ kind: "notFound" });
        return;
      default:
        setState({
          kind: "error",
          message: answer.status === "error" ? answer.message : "Could not load the app",
        });
    }
  }, [route.lookup, customHost]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state.kind === "notFound") document.title = "App not found";
    if (state.kind === "updating") document.title = state.name;
  }, [state]);

  const retry = (
    <Button variant="outline" onClick={() => location.reload()}>
      <RefreshCwIcon aria-hidden /> Try again
    </Button>
  );

  switch (state.kind) {
    case "loading":
      return (
        <main className="flex min-h-dvh items-center justify-center bg-background text-muted-foreground">
          <Spinner size="md" label="Loading app" />
        </main>
      );
    case "ready":
      return <AppFrameView bundle={state.bundle} route={route} onSignedOut={load} />;
    case "notFound":
      return (
        <StatusPage
          icon={SearchXIcon}
          title="App not found"
          description="This app does not exist or is no longer available. Check the link you followed."
        />
      );
    case "updating":
      return (
        <StatusPage
          icon={WrenchIcon}
          tone="warning"
          title="This app is being updated"
          description={`${state.name} is getting a few changes right now. Please check back in a little while.`}
          action={retry}
        />
      );
    case "private":
      return (
        <StatusPage
          icon={LockIcon}
          title="This app is private"
          description="Ask the app's owner for access."
        />
      );
    case "error":
      return (
        <StatusPage
          icon={CloudOffIcon}
          title="Could not load the app"
          description={state.message}
          action={retry}
        />
      );
  }
}
