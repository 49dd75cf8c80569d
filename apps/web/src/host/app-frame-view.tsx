import { useEffect } from "react";
import { appStorageKey, useAppFrame } from "../runtime-host/index.ts";
import { addFavicon } from "./add-favicon.ts";
import { clearAppToken, readAppToken } from "./app-token-store.ts";
import type { HostedApp } from "./boot-frame.ts";
import {
  currentHostUrl,
  customHostAppId,
  type HostRoute,
  hostUrlOf,
  loginUrlOf,
  parseHostRoute,
} from "./host-route.ts";
import { platformRootUrl, WatermarkBadge } from "./watermark-badge.tsx";

type AppRoute = Extract<HostRoute, { page: "app" }>;

export type AppFrameViewProps = {
  app: HostedApp;
  route: AppRoute;
  /** The frame the server already started for this app (see boot-frame.ts), to adopt instead of making one. */
  bootFrame: HTMLIFrameElement | null;
  /** The version whose modules this page relays to the boot frame (its boot data's `relay`), if any. */
  relayVersionId: string | null;
  /** Changes when the page forgot the visitor's token for this app: the frame is handed the current one. */
  tokenEpoch: number;
  /** Called after the app signed the visitor out (the page re-checks whether the app is still open to them). */
  onSignedOut: () => void;
};

function useFavicon(icon: string | null) {
  useEffect(() => addFavicon(icon) ?? undefined, [icon]);
}

/**
 * The running app: a full-viewport sandboxed frame. The host owns the browser URL — the
 * frame routes in memory and reports each move, which is mirrored into history here, and
 * back/forward are sent to the frame — and the visitor's token for this app.
 */
export function AppFrameView({
  app,
  route,
  bootFrame,
  relayVersionId,
  tokenEpoch,
  onSignedOut,
}: AppFrameViewProps) {
  const appId = app.id;
  const { customHost } = route;

  const frame = useAppFrame({
    appId,
    versionId: app.versionId,
    frameGrant: app.frameGrant,
    channel: app.channel,
    path: route.appPath,
    preview: false,
    storageKey: appStorageKey(appId),
    getToken: () => readAppToken(appId),
    title: app.name,
    adopt: bootFrame,
    relay: relayVersionId === app.versionId,
    onNavigate: (path) => {
      const url = hostUrlOf(route.base, path);
      if (url !== currentHostUrl()) history.pushState(null, "", url);
    },
    onLogin: (nextPath) => {
      location.assign(loginUrlOf(appId, customHost, hostUrlOf(route.base, nextPath)));
    },
    onLogout: () => {
      clearAppToken(appId);
      frame.setToken(null);
      onSignedOut();
    },
  });

  useEffect(() => {
    document.title = app.name;
  }, [app.name]);
  useFavicon(app.icon);

  const { navigate, setToken } = frame;
  useEffect(() => {
    if (tokenEpoch > 0) setToken(readAppToken(appId));
  }, [tokenEpoch, appId, setToken]);
  useEffect(() => {
    const onPopState = () => {
      const current = parseHostRoute(location, customHostAppId());
      if (current?.page === "app") navigate(current.appPath);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [navigate]);

  const watermark = app.showWatermark ? <WatermarkBadge href={platformRootUrl(customHost)} /> : null;
  // The adopted frame stays where the server put it (moving an iframe in the DOM reloads
  // it): a fixed full-viewport box before #root, under the watermark.
  if (frame.adopted) return watermark;
  return (
    <div className="fixed inset-0 bg-background">
      <iframe {...frame.frameProps} className="block size-full border-0" data-testid="app-frame" />
      {watermark}
    </div>
  );
}
