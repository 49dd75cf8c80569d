import type { AppRuntimeError, HostMessage } from "@liftoff/domain";
import { createRoot } from "react-dom/client";
import { createErrorReporter, toAppError } from "./app-error.ts";
import { AppRoot, type HostNavigation } from "./app-root.tsx";
import { announceReady, isTopLevel, onHostMessage, postToHost } from "./frame-bridge.ts";
import { installStorage } from "./memory-storage.ts";
import type { AppModule } from "./resolve-page.ts";
import { configureRuntime, type RuntimeConfig, setCurrentPath, setToken } from "./runtime-client.ts";

export type AppSource = AppModule | Promise<AppModule> | (() => Promise<AppModule>);
type Init = Extract<HostMessage, { type: "init" }>;

/**
 * Boots a compiled app inside the frame: storage shim, handshake with the host (`ready` →
 * `init`), error capture, then React with the app's layout and pages. Pass the app module
 * as a loader (`() => import(url)`) so it is evaluated only after `init` seeded storage and
 * the token, and so a module that fails to load is reported instead of killing the page.
 */
export async function start(
  source: AppSource,
  config: RuntimeConfig & { root?: HTMLElement },
): Promise<void> {
  // Opened top-level (a link, a bookmark, a window the app opened), the frame has no host
  // to hand it a token or storage, and nothing shows the visitor whose app this is, so
  // it does not run app code at all. Its document is sandboxed by its CSP anyway.
  if (isTopLevel()) {
    showTopLevelNotice(config.root ?? document.getElementById("root") ?? document.body);
    return;
  }
  configureRuntime(config);
  const report = createErrorReporter((error) => postToHost({ type: "error", error }));
  captureGlobalErrors(report);
  const { local } = installStorage(window, (key, value) => postToHost({ type: "storage", key, value }));

  const listeners = new Set<(path: string) => void>();
  const hostNavigation: HostNavigation = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const init = await handshake((message) => {
    if (message.type === "token") setToken(message.token);
    if (message.type === "navigate") for (const listener of listeners) listener(message.path);
  });
  local.seed(init.storage);
  setToken(init.token);
  setCurrentPath(init.path);

  let app: AppModule;
  try {
    app = checkModule(await (typeof source === "function" ? source() : source));
  } catch (error) {
    report(toAppError(error, "module", { componentName: "App" }));
    return;
  }

  const container =
    config.root ??
    document.getElementById("root") ??
    document.body.appendChild(document.createElement("div"));
  let rendered = false;
  const root = createRoot(container, {
    onUncaughtError: (error, info) =>
      report(toAppError(error, "render", { componentStack: info.componentStack ?? null })),
  });
  root.render(
    <AppRoot
      app={app}
      initialPath={init.path}
      report={report}
      hostNavigation={hostNavigation}
      onRendered={(page) => {
        if (rendered) return;
        rendered = true;
        postToHost({ type: "rendered", page });
      }}
    />,
  );
}

export const TOP_LEVEL_NOTICE = "This app runs inside its page. Open it from its link.";

/** What the frame shows instead of the app when opened top-level (see `start`). */
function showTopLevelNotice(container: HTMLElement): void {
  const notice = document.createElement("p");
  notice.setAttribute("data-testid", "frame-top-level");
  notice.style.cssText = "font:16px system-ui,sans-serif;margin:2rem;color:#555";
  notice.textContent = TOP_LEVEL_NOTICE;
  container.replaceChildren(notice);
}

/** Says `ready` (repeatedly, see `announceReady`) and resolves with the host's first `init`. */
function handshake(onOther: (message: HostMessage) => void): Promise<Init> {
  return new Promise((resolve) => {
    let initialised = false;
    let stopAnnouncing = () => {};
    onHostMessage((message) => {
      if (message.type === "init") {
        if (initialised) {
          // A second init (the host answered a repeated ready, or sent one unasked when it
          // adopted this frame) only refreshes the token.
          setToken(message.token);
          return;
        }
        initialised = true;
        stopAnnouncing();
        resolve(message);
        return;
      }
      onOther(message);
    });
    // Listening first: an init the host sends unasked is never missed from here on.
    stopAnnouncing = announceReady();
  });
}

function checkModule(value: unknown): AppModule {
  const app = value as Partial<AppModule> | null;
  if (!app || typeof app.pages !== "object" || app.pages === null)
    throw new Error("The app module exports no pages");
  return { pages: app.pages, Layout: app.Layout ?? null, mainPage: app.mainPage ?? null };
}

// Errors the browser reports that are noise, not app faults.
const IGNORED = [/^ResizeObserver loop/];

function captureGlobalErrors(report: (error: AppRuntimeError) => void): void {
  window.addEventListener("error", (event) => {
    const message = event.error instanceof Error ? event.error.message : String(event.message ?? "");
    if (IGNORED.some((pattern) => pattern.test(message))) return;
    report(toAppError(event.error ?? event.message, "uncaught"));
  });
  window.addEventListener("unhandledrejection", (event) => {
    report(toAppError(event.reason, "unhandledrejection"));
  });
}
