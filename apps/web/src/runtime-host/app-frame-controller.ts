import { type AppRuntimeError, type HostMessage, parseFrameMessage } from "@liftoff/domain";
import { readAppStorage, type StorageLike, writeAppStorageItem } from "./app-storage.ts";
import { safeOpenUrl } from "./safe-open-url.ts";

/** What the page hosting a space-app frame decides; every callback is optional. */
export type AppFrameCallbacks = {
  /** An App error reported by the frame (render, uncaught, unhandledrejection, module, network). */
  onError?: (error: AppRuntimeError) => void;
  /** The app moved to another path on its own (a link or `navigate()` inside the app). */
  onNavigate?: (path: string) => void;
  /** The app rendered a page (after start and after each navigation). */
  onRendered?: (page: string) => void;
  /** The app wants the visitor to sign in, then come back to `nextPath` (a path inside the app). */
  onLogin?: (nextPath: string) => void;
  /** The app signed the visitor out; the host forgets the token. */
  onLogout?: (redirectPath?: string) => void;
  /**
   * The frame said `ready` (a new document started: first load or a reload). It can come a
   * few times per document: the frame repeats `ready` until the `init` reaches it.
   */
  onReady?: () => void;
};

export type AppFrameControllerOptions = AppFrameCallbacks & {
  /** Current app token, read each time the frame starts (so a sign-in is picked up on reload). */
  getToken: () => string | null;
  /** Path inside the app to start at, e.g. "/Tasks?id=3". */
  path: string;
  /** True in the builder's preview (the runtime may show admin affordances). */
  preview: boolean;
  /** Host localStorage key of the app's persisted store (see `appStorageKey`). */
  storageKey: string;
};

/** What the controller needs from the browser, injected so it runs (and is tested) without a DOM. */
export type AppFrameEnvironment = {
  /** The frame's window (`iframe.contentWindow`), or null before it is attached. */
  getFrameWindow: () => { postMessage: (message: unknown, targetOrigin: string) => void } | null;
  storage: StorageLike | null;
  /** Opens an already-vetted http(s) URL in a new tab without an opener. */
  openWindow: (url: string) => void;
  /** Origins the app may never open (the platform's and the page's own, see `hostOwnOrigins`). */
  ownOrigins: readonly string[];
};

export type AppFrameController = {
  /** Feed every `message` event of the host window here; foreign ones are ignored. Returns whether it was handled. */
  handleMessage: (event: Pick<MessageEvent, "source" | "data" | "origin">) => boolean;
  /**
   * Sends `init` unasked. For a frame the host adopted rather than made (a published app's
   * page starts it from the server's HTML): its runtime may have said `ready` before this
   * page listened. A frame not listening yet drops it and says `ready` later (again every
   * 50 ms), which is answered as usual; a runtime that already got an `init` only takes
   * the token from a second one.
   */
  sendInit: () => void;
  /** Moves the app to `path` (back/forward in the host, the builder's page switcher). */
  navigate: (path: string) => void;
  /** Hands the frame a new token (or null after sign-out) without reloading it. */
  setToken: (token: string | null) => void;
  /** The path the app is on, as last reported or requested. */
  currentPath: () => string;
  /** Replaces the callbacks (the React hook keeps them current on every render). */
  setCallbacks: (callbacks: AppFrameCallbacks) => void;
};

/**
 * The framework-free half of `useAppFrame`: answers every `ready` with `init` (a frame
 * repeats `ready` until it has one; a reloaded frame says it again), routes the frame's
 * messages to the host's callbacks, persists the app's storage and opens links safely.
 *
 * A message is trusted only when it comes from the frame's own window (`event.source`), from
 * an opaque origin (`"null"` — proof the document really is sandboxed) and parses with the
 * bridge schema. Messages go out with target origin `"*"`: an opaque origin cannot be named,
 * and whatever document is in the frame runs the app's code, which owns this app-scoped
 * token anyway.
 */
export function createAppFrameController(
  options: AppFrameControllerOptions,
  environment: AppFrameEnvironment,
): AppFrameController {
  let callbacks: AppFrameCallbacks = options;
  let path = options.path;

  function post(message: HostMessage): void {
    environment.getFrameWindow()?.postMessage(message, "*");
  }

  function sendInit(): void {
    post({
      source: "liftoff-host",
      type: "init",
      token: options.getToken(),
      path,
      storage: readAppStorage(environment.storage, options.storageKey),
      preview: options.preview,
    });
  }
  function handleMessage(event: Pick<MessageEvent, "source" | "data" | "origin">): boolean {
    const frameWindow = environment.getFrameWindow();
    if (!frameWindow || event.source !== frameWindow || event.origin !== "null") return false;
    const message = parseFrameMessage(event.data);
    if (!message) return false;
    switch (message.type) {
      case "ready":
        sendInit();
        callbacks.onReady?.();
        break;
      case "rendered":
        callbacks.onRendered?.(message.page);
        break;
      case "error":
        callbacks.onError?.(message.error);
        break;
      case "navigate":
        path = message.path;
        callbacks.onNavigate?.(message.path);
        break;
      case "login":
        callbacks.onLogin?.(message.nextPath);
        break;
      case "logout":
        callbacks.onLogout?.(message.redirectPath);
        break;
      case "storage":
        writeAppStorageItem(environment.storage, options.storageKey, message.key, message.value);
        break;
      case "open": {
        const url = safeOpenUrl(message.url, environment.ownOrigins);
        if (url) environment.openWindow(url);
        break;
      }
    }
    return true;
  }

  return {
    handleMessage,
    sendInit,
    navigate(next) {
      path = next;
      post({ source: "liftoff-host", type: "navigate", path: next });
    },
    setToken(token) {
      post({ source: "liftoff-host", type: "token", token });
    },
    currentPath: () => path,
    setCallbacks(next) {
      callbacks = next;
    },
  };
}
