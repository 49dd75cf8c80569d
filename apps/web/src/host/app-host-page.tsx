import { canRunBundle, type PublicToolApp } from "@liftoff/domain";
import { Button, Spinner } from "@liftoff/ui";
import { CloudOffIcon, LockIcon, RefreshCwIcon, RocketIcon, SearchXIcon, WrenchIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { AppFrameView } from "./app-frame-view.tsx";
import { clearAppToken, readAppToken } from "./app-token-store.ts";
import { type BootFrame, type HostedApp, hostedAppOfBoot, hostedAppOfBundle } from "./boot-frame.ts";
import { fetchRuntimeBundle } from "./fetch-runtime-bundle.ts";
import { currentHostUrl, type HostRoute, loginUrlOf } from "./host-route.ts";
import { loadRuntimeBundle } from "./load-runtime-bundle.ts";
import { StatusPage } from "./status-page.tsx";

type AppRoute = Extract<HostRoute, { page: "app" }>;

// A generated app's or single tool's page, loaded only when the app turns out to be one.
const ToolAppRoot = lazy(() =>
  import("../tool-app/page/tool-app-root.tsx").then((module) => ({ default: module.ToolAppRoot })),
);

type PageState =
  | { kind: "loading" }
  | { kind: "ready"; app: HostedApp }
  | { kind: "notFound" }
  | { kind: "toolApp"; app: PublicToolApp }
  | { kind: "updating"; name: string }
  | { kind: "private" }
  | { kind: "unpublished" }
  | { kind: "error"; message: string };

/**
 * A published app (or a custom host's app): loads its runtime bundle with the visitor's
 * token, sends private apps to their login page, and runs the app in its sandboxed frame.
 *
 * When the server already started the app's frame in the page (`bootFrame`, a published
 * app), the page shows it at once and adopts it; the bundle is still asked for, without
 * waiting on it, and followed when it disagrees (another version, not found, private,
 * being updated). Only a failed request is ignored then: the app is running.
 */
export function AppHostPage({ route, bootFrame }: { route: AppRoute; bootFrame: BootFrame | null }) {
  const [state, setState] = useState<PageState>(() =>
    bootFrame ? { kind: "ready", app: hostedAppOfBoot(bootFrame.boot) } : { kind: "loading" },
  );
  // Bumped when a refused token was forgotten, so a running frame drops it too.
  const [tokenEpoch, setTokenEpoch] = useState(0);
  const { customHost } = route;

  const load = useCallback(async () => {
    const tokens = {
      read: readAppToken,
      clear: (appId: string) => {
        clearAppToken(appId);
        setTokenEpoch((n) => n + 1);
      },
    };
    const answer = await loadRuntimeBundle(route.lookup, tokens, fetchRuntimeBundle);
    switch (answer.status) {
      case "ok":
        // Only blocking errors reach a visitor's bundle; a warning never takes an app offline.
        if (!canRunBundle(answer.bundle)) setState({ kind: "updating", name: answer.bundle.app.name });
        else setState({ kind: "ready", app: hostedAppOfBundle(answer.bundle) });
        return;
      case "forbidden":
        // Never published: no visitor's sign-in would show it, so say so rather than send
        // them to a login page (the app's admins got their draft above, not a 403).
        if (answer.notPublished) {
          setState({ kind: "unpublished" });
          return;
        }
        // Private: sign in, then come back to this very URL.
        if (answer.appId || customHost)
          location.replace(loginUrlOf(answer.appId, customHost, currentHostUrl()));
        else setState({ kind: "private" });
        return;
      case "notFound": {
        // Not a space app: it may be a generated app or single tool whose page was served
        // without its data (unpublished since, or published since): GET /runtime/tool-app says.
        const { fetchToolApp } = await import("../tool-app/page/fetch-tool-app.ts");
        const toolApp = await fetchToolApp(route.lookup);
        if (toolApp.status === "ok") setState({ kind: "toolApp", app: toolApp.app });
        else if (toolApp.status === "unpublished") setState({ kind: "unpublished" });
        else setState({ kind: "notFound" });
        return;
      }
      default:
        if (bootFrame && answer.status === "error") return;
        setState({
          kind: "error",
          message: answer.status === "error" ? answer.message : "Could not load the app",
        });
    }
  }, [route.lookup, customHost, bootFrame]);

  useEffect(() => {
    void load();
  }, [load]);

  // The server's frame is for a running app only; anything else is drawn in #root.
  useEffect(() => {
    if (state.kind !== "ready") bootFrame?.release();
  }, [state.kind, bootFrame]);

  useEffect(() => {
    if (state.kind === "notFound") document.title = "App not found";
    if (state.kind === "unpublished") document.title = "Not published yet";
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
      return (
        <AppFrameView
          app={state.app}
          route={route}
          bootFrame={bootFrame?.frame ?? null}
          relayVersionId={bootFrame?.boot.relay ? bootFrame.boot.versionId : null}
          tokenEpoch={tokenEpoch}
          onSignedOut={load}
        />
      );
    case "toolApp":
      return (
        <Suspense fallback={null}>
          <ToolAppRoot app={state.app} route={route} />
        </Suspense>
      );
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
    case "unpublished":
      return (
        <StatusPage
          icon={RocketIcon}
          title="This app is not published yet"
          description="Its builder is still working on it. Check back later, or ask them for the published link."
          action={
            <Button variant="outline" onClick={() => location.reload()}>
              <RefreshCwIcon aria-hidden /> Check again
            </Button>
          }
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
