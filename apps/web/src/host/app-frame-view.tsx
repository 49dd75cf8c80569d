import type { RuntimeBundle } from "@liftoff/domain";
import { useEffect } from "react";
import { appStorageKey, useAppFrame } from "../runtime-host/index.ts";
import { clearAppToken, readAppToken } from "./app-token-store.ts";
import { customHostAppId, type HostRoute, hostUrlOf, loginUrlOf, parseHostRoute } from "./host-route.ts";
import { platformRootUrl, WatermarkBadge } from "./watermark-badge.tsx";

type AppRoute = Extract<HostRoute, { page: "app" }>;

export type AppFrameViewProps = {
  bundle: RuntimeBundle;
  route: AppRoute;
  /** Called after the app signed the visitor out (the page re-checks whether the app is still open to them). */
  onSignedOut: () => void;
};

function currentHostUrl(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The app's icon as the tab icon, when it is an image URL (an emoji or letter icon is left out). */
function useFavicon(icon: string | null) {
  useEffect(() => {
    if (!icon || !/^(https?:\/\/|\/|data:image\/)/.test(icon)) return;
    const link = document.createElement("link");
    link.rel = "icon";
    link.href = icon;
    document.head.append(link);
    return () => link.remove();
  }, [icon]);
}

/**
 * The running app: a full-viewport sandboxed frame. The host owns the browser URL — the
 * frame routes in memory and reports each move, which is mirrored into history here, and
 * back/forward are sent to the frame — and the visitor's token for this app.
 */
export function AppFrameView({ bundle, route, onSignedOut }: AppFrameViewProps) {
  const appId = bundle.app.id;
  const { customHost } = route;

  const frame = useAppFrame({
    appId,
    versionId: bundle.versionId,
    channel: bundle.channel,
    path: route.appPath,
    preview: false,
    storageKey: appStorageKey(appId),
    getToken: () => readAppToken(appId),
    title: bundle.app.name,
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
    document.title = bundle.app.name;
  }, [bundle.app.name]);
  useFavicon(bundle.app.icon);

  const { navigate } = frame;
  useEffect(() => {
    const onPopState = () => {
      const current = parseHostRoute(location, customHostAppId());
      if (current?.page === "app") navigate(current.appPath);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [navigate]);

  return (
    <div className="fixed inset-0 bg-background">
      <iframe {...frame.frameProps} className="block size-full border-0" data-testid="app-frame" />
      {bundle.app.showWatermark ? <WatermarkBadge href={platformRootUrl(customHost)} /> : null}
    </div>
  );
}
