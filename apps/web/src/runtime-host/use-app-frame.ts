import type { AppRuntimeError } from "@liftoff/domain";
import { type RefObject, useCallback, useEffect, useMemo, useRef } from "react";
import { type AppFrameController, createAppFrameController } from "./app-frame-controller.ts";
import { APP_FRAME_SANDBOX, appFrameSrc } from "./app-frame-src.ts";

export type UseAppFrameOptions = {
  appId: string;
  versionId: string;
  /** Which version this is; the frame URL is the same, hosts use it for their own labels. */
  channel: "published" | "draft";
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
    return () => window.removeEventListener("message", listener);
  }, [controller]);

  const src = appFrameSrc(appId, versionId);
  const navigate = useCallback((path: string) => controller.navigate(path), [controller]);
  const setToken = useCallback((token: string | null) => controller.setToken(token), [controller]);
  const reload = useCallback(() => {
    const frame = frameRef.current;
    // Re-assigning src reloads even a cross-origin (opaque) document; location.reload() would be refused.
    if (frame) frame.src = appFrameSrc(optionsRef.current.appId, optionsRef.current.versionId);
  }, []);

  return {
    frameProps: {
      ref: frameRef,
      src,
      sandbox: APP_FRAME_SANDBOX,
      title: options.title ?? "App",
      referrerPolicy: "no-referrer",
    },
    navigate,
    setToken,
    reload,
  };
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Access throws when storage is blocked (e.g. third-party cookie settings).
    return null;
  }
}
