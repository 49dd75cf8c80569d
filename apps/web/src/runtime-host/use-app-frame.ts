import type { AppRuntimeError } from "@liftoff/domain";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { type AppFrameController, createAppFrameController } from "./app-frame-controller.ts";
import { APP_FRAME_SANDBOX, appFrameSrc } from "./app-frame-src.ts";
import { browserStorage } from "./app-storage.ts";
import { hostOwnOrigins } from "./safe-open-url.ts";

export type UseAppFrameOptions = {
  appId: string;
  versionId: string;
  /** Which version this is; the frame URL is the same, hosts use it for their own labels. */
  channel: "published" | "draft";
  /**
   * The app's frame grant, needed for any version but the published one (the builder's
   * preview, an admin on an unpublished app). Read when the frame (re)loads: a refreshed
   * grant does not reload a running frame.
   */
  frameGrant?: string | null;
  /** Path inside the app to start at ("/", "/Tasks?id=3"); later changes go through `navigate`. */
  path: string;
  /** The app token to hand the frame when it starts (end user's or the builder's admin token). */
  getToken: () => string | null;
  preview: boolean;
  /** Host localStorage key of the app's own storage: `appStorageKey(appId)`. */
  storageKey: string;
  onError?: (error: AppRuntimeError) => void;
  onNavigate?: (path: string) => void;
  onRendered?: (page: string) => void;
  onLogin?: (nextPath: string) => void;
  onLogout?: (redirectPath?: string) => void;
  onReady?: () => void;
  /** Accessible name of the frame. */
  title?: string;
  /**
   * A frame that already exists, to host instead of rendering one: a published app's page
   * is served with the app's frame already loading (apps/web host/boot-frame.ts). It must
   * be the frame `frameProps` describe (same `src` and `sandbox`); the hook then keeps its
   * `src` and `title` current, and sends `init` unasked once it listens, since the frame
   * may have said `ready` before. Do not render `frameProps` when adopting.
   */
  adopt?: HTMLIFrameElement | null;
  /**
   * This page relays the frame's modules (a published app's page, host/relay-frame-modules.ts):
   * its URL then says so (`relay=1`), and a reload asks the page again.
   */
  relay?: boolean;
};

export type AppFrameProps = {
  ref: RefObject<HTMLIFrameElement | null>;
  src: string;
  sandbox: string;
  title: string;
  referrerPolicy: "no-referrer";
};

export type UseAppFrameResult = {
  /** Spread on an `<iframe>` (add className/style): `<iframe {...frameProps} className="..." />`. */
  frameProps: AppFrameProps;
  navigate: (path: string) => void;
  setToken: (token: string | null) => void;
  /** Reloads the frame document (it will say `ready` again and get a fresh `init`). */
  reload: () => void;
  /** True when hosting the `adopt` frame (render no iframe of your own). */
  adopted: boolean;
};

/**
 * Hosts one space-app version in a sandboxed iframe (see `createAppFrameController` for the
 * protocol and its checks). A new `appId`/`versionId` changes `src`, so the frame restarts on
 * the new version at the path it was last on. Callbacks may change on every render.
 */
export function useAppFrame(options: UseAppFrameOptions): UseAppFrameResult {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { appId, versionId, preview, storageKey } = options;
  const adopt = options.adopt ?? null;
  const title = options.title ?? "App";

  // Before any effect below can post to it or read messages from it.
  useLayoutEffect(() => {
    if (adopt) frameRef.current = adopt;
  }, [adopt]);

  // One controller per app (and storage/preview mode): a version change keeps the path the
  // app is on, while another app starts at the path it was given.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appId is the identity even though only the options ref reads it.
  const controller: AppFrameController = useMemo(
    () =>
      createAppFrameController(
        {
          path: optionsRef.current.path,
          preview,
          storageKey,
          getToken: () => optionsRef.current.getToken(),
        },
        {
          getFrameWindow: () => frameRef.current?.contentWindow ?? null,
          storage: browserStorage(),
          openWindow: (url) => {
            window.open(url, "_blank", "noopener,noreferrer");
          },
          ownOrigins: hostOwnOrigins(window.location, document),
        },
      ),
    [appId, preview, storageKey],
  );

  useEffect(() => {
    controller.setCallbacks({
      onError: (error) => optionsRef.current.onError?.(error),
      onNavigate: (path) => optionsRef.current.onNavigate?.(path),
      onRendered: (page) => optionsRef.current.onRendered?.(page),
      onLogin: (nextPath) => optionsRef.current.onLogin?.(nextPath),
      onLogout: (redirectPath) => optionsRef.current.onLogout?.(redirectPath),
      onReady: () => optionsRef.current.onReady?.(),
    });
    const listener = (event: MessageEvent) => {
      controller.handleMessage(event);
    };
    window.addEventListener("message", listener);
    // An adopted frame started before this page listened: its `ready` may be gone already.
    // Only while it still holds this app's document: a frame about to load another app (or
    // version) says `ready` itself, and this app's token must not reach the old document.
    const { adopt: adopted, appId: currentAppId, versionId: currentVersionId, relay } = optionsRef.current;
    if (adopted && adopted.getAttribute("src") === appFrameSrc(currentAppId, currentVersionId, null, relay))
      controller.sendInit();
    return () => window.removeEventListener("message", listener);
  }, [controller]);

  // A new grant alone keeps the src (and the running frame); a new app or version takes the current one.
  const src = useMemo(
    () => appFrameSrc(appId, versionId, optionsRef.current.frameGrant, optionsRef.current.relay),
    [appId, versionId],
  );
  // A new version (or app) for an adopted frame: load it, like a changed `src` prop would.
  useEffect(() => {
    if (adopt && adopt.getAttribute("src") !== src) adopt.src = src;
  }, [adopt, src]);
  useEffect(() => {
    if (adopt) adopt.title = title;
  }, [adopt, title]);
  const navigate = useCallback((path: string) => controller.navigate(path), [controller]);
  const setToken = useCallback((token: string | null) => controller.setToken(token), [controller]);
  const reload = useCallback(() => {
    const frame = frameRef.current;
    // Re-assigning src reloads even a cross-origin (opaque) document; location.reload() would be refused.
    const { appId: current, versionId: version, frameGrant, relay } = optionsRef.current;
    if (frame) frame.src = appFrameSrc(current, version, frameGrant, relay);
  }, []);

  return {
    frameProps: {
      ref: frameRef,
      src,
      sandbox: APP_FRAME_SANDBOX,
      title,
      referrerPolicy: "no-referrer",
    },
    navigate,
    setToken,
    reload,
    adopted: adopt !== null,
  };
}
