import { canRunBundle } from "@liftoff/domain";
import { createAppFrameController } from "../runtime-host/app-frame-controller.ts";
import { appStorageKey, browserStorage } from "../runtime-host/app-storage.ts";
import { hostOwnOrigins } from "../runtime-host/safe-open-url.ts";
import { addFavicon } from "./add-favicon.ts";
import { clearAppToken, readAppToken } from "./app-token-store.ts";
import type { BootFrame } from "./boot-frame.ts";
import { fetchRuntimeBundle } from "./fetch-runtime-bundle.ts";
import {
  currentHostUrl,
  customHostAppId,
  type HostRoute,
  hostUrlOf,
  loginUrlOf,
  parseHostRoute,
} from "./host-route.ts";
import { loadRuntimeBundle } from "./load-runtime-bundle.ts";
import { watermarkElement } from "./watermark-element.ts";

type AppRoute = Extract<HostRoute, { page: "app" }>;

/**
 * The published app's page on its fast path, without React: the server started the app's
 * frame in the HTML (boot-frame.ts) and this hosts it — the bridge (init, token, storage,
 * navigation mirrored into history, sign-in and sign-out, safe links), the title, the tab
 * icon and the watermark — the same way AppHostPage and AppFrameView do, with a few KB of
 * code instead of React, so the frame gets its modules and its `init` as soon as they can
 * be had (issue 13: first render).
 *
 * It still asks /runtime/bundle, without waiting on it. When the answer is anything but
 * "this very version runs" (another version, private, unpublished, being updated, gone) —
 * or the app signs the visitor out — it steps aside and `handOver` mounts the React host
 * page, which adopts the same frame and shows whatever the answer calls for. A failed
 * request is ignored: the app is running.
 */
export function startBootHost(options: {
  route: AppRoute;
  bootFrame: BootFrame;
  handOver: () => void;
}): void {
  const { route, bootFrame, handOver } = options;
  const { boot, frame } = bootFrame;
  const appId = boot.appId;
  const controller = createAppFrameController(
    {
      path: route.appPath,
      preview: false,
      storageKey: appStorageKey(appId),
      getToken: () => readAppToken(appId),
    },
    {
      getFrameWindow: () => frame.contentWindow,
      storage: browserStorage(),
      openWindow: (url) => {
        window.open(url, "_blank", "noopener,noreferrer");
      },
      ownOrigins: hostOwnOrigins(window.location, document),
    },
  );

  let active = true;
  const onMessage = (event: MessageEvent) => {
    if (active) controller.handleMessage(event);
  };
  const onPopState = () => {
    const current = parseHostRoute(location, customHostAppId());
    if (active && current?.page === "app") controller.navigate(current.appPath);
  };
  const watermark = boot.showWatermark ? watermarkElement(route.customHost) : null;
  const removeFavicon = addFavicon(boot.icon);
  // The React page draws its own watermark and tab icon.
  const stepAside = () => {
    if (!active) return;
    active = false;
    window.removeEventListener("message", onMessage);
    window.removeEventListener("popstate", onPopState);
    watermark?.remove();
    removeFavicon?.();
    handOver();
  };

  const confirm = async () => {
    const tokens = {
      read: readAppToken,
      clear: (id: string) => {
        clearAppToken(id);
        controller.setToken(readAppToken(appId));
      },
    };
    const answer = await loadRuntimeBundle(route.lookup, tokens, fetchRuntimeBundle);
    if (answer.status === "error") return;
    const same =
      answer.status === "ok" && canRunBundle(answer.bundle) && answer.bundle.versionId === boot.versionId;
    if (!same) stepAside();
  };

  controller.setCallbacks({
    onNavigate: (path) => {
      const url = hostUrlOf(route.base, path);
      if (url !== currentHostUrl()) history.pushState(null, "", url);
    },
    onLogin: (nextPath) => {
      location.assign(loginUrlOf(appId, route.customHost, hostUrlOf(route.base, nextPath)));
    },
    onLogout: () => {
      clearAppToken(appId);
      controller.setToken(null);
      // Whether the app is still open to an anonymous visitor: the React page decides.
      stepAside();
    },
  });
  window.addEventListener("message", onMessage);
  window.addEventListener("popstate", onPopState);
  // The frame may have said `ready` before this script listened.
  controller.sendInit();

  document.title = boot.name;
  if (watermark) document.body.append(watermark);
  void confirm();
}
