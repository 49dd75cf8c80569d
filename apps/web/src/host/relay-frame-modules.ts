import type { FrameRelay } from "@liftoff/domain";

/**
 * What the frame is handed: module sources by the URL (or specifier) its import map names,
 * the import map entries of a production bundle's chunks, and its stylesheet.
 */
export type RelayedModules = {
  modules: Record<string, string>;
  imports?: Record<string, string>;
  css: string;
};

/** The part of `window` this needs, so it is tested without a browser. */
export type RelayWindow = Pick<Window, "addEventListener" | "removeEventListener">;
type RelayFrame = { readonly contentWindow: Pick<Window, "postMessage"> | null };

/**
 * Fetches the frame's files (the vendor pack and the app module, or the version's
 * production bundle; its stylesheet): same-origin
 * immutable URLs, so a second visit takes them from this page's HTTP cache — which the
 * frame's opaque origin cannot use. Null when any of them fails: the frame then loads its
 * modules from the network itself, as without a relay.
 */
export async function loadRelayedModules(
  relay: FrameRelay,
  fetchImpl: typeof fetch = fetch,
): Promise<RelayedModules | null> {
  const get = async (url: string) => {
    const res = await fetchImpl(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res;
  };
  try {
    // A production bundle's pack (no `js`) carries the app module itself.
    const [pack, js, css] = await Promise.all([
      get(relay.pack).then((res) => res.json() as Promise<unknown>),
      relay.js ? get(relay.js).then((res) => res.text()) : null,
      get(relay.css).then((res) => res.text()),
    ]);
    const { modules, imports } = (pack ?? {}) as { modules?: unknown; imports?: unknown };
    if (!modules || typeof modules !== "object") return null;
    const own = relay.js && js !== null ? { [relay.js]: js } : {};
    return {
      modules: { ...(modules as Record<string, string>), ...own },
      ...(imports && typeof imports === "object" ? { imports: imports as Record<string, string> } : {}),
      css,
    };
  } catch {
    return null;
  }
}

/**
 * Answers the relayed frame's `modules` requests (renderFrameHtml's relay boot script) with
 * its files, for as long as the page lives: a reloaded frame asks again. Only the frame's
 * own window is answered. The frame repeats its request until answered; requests that
 * arrive while an answer is pending are folded into it. The files are public (the
 * published version's), so the opaque frame is addressed with "*".
 */
export function relayFrameModules(options: {
  frame: RelayFrame;
  relay: FrameRelay;
  win?: RelayWindow;
  fetchImpl?: typeof fetch;
}): () => void {
  const { frame, relay } = options;
  const win = options.win ?? window;
  const loaded = loadRelayedModules(relay, options.fetchImpl);
  let pending = false;
  const onMessage = (event: MessageEvent) => {
    const target = frame.contentWindow;
    if (!target || event.source !== target || event.origin !== "null") return;
    const data = event.data as { source?: unknown; type?: unknown } | null;
    if (data?.source !== "liftoff-frame" || data.type !== "modules" || pending) return;
    pending = true;
    void loaded.then((pack) => {
      pending = false;
      frame.contentWindow?.postMessage({ source: "liftoff-host", type: "modules", pack }, "*");
    });
  };
  win.addEventListener("message", onMessage as EventListener);
  return () => win.removeEventListener("message", onMessage as EventListener);
}
