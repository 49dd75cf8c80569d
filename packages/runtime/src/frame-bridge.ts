import { type FrameMessage, type HostMessage, parseHostMessage as parseHostData } from "@liftoff/domain";

type Outgoing = FrameMessage extends infer M ? (M extends FrameMessage ? Omit<M, "source"> : never) : never;

/**
 * True when the frame document is not inside a host page (opened top-level). The runtime
 * then refuses to start (see `start`). Comparing window proxies is allowed across origins.
 */
export function isTopLevel(win: Window = window): boolean {
  return win.top === win || win.parent === win;
}

/**
 * Posts to the host. The target origin is "*" because the host's origin is not known to
 * the frame (builder, published page, custom host) and nothing secret is ever sent.
 */
export function postToHost(message: Outgoing, win: Window = window): void {
  if (isTopLevel(win)) return;
  win.parent.postMessage({ source: "liftoff-frame", ...message }, "*");
}

/** Host messages from the parent window only, parsed; anything else is ignored. */
export function parseHostMessage(
  event: Pick<MessageEvent, "source" | "data">,
  win: Window = window,
): HostMessage | null {
  if (event.source !== win.parent || isTopLevel(win)) return null;
  return parseHostData(event.data);
}

export function onHostMessage(handler: (message: HostMessage) => void, win: Window = window): () => void {
  const listener = (event: MessageEvent) => {
    const message = parseHostMessage(event, win);
    if (message) handler(message);
  };
  win.addEventListener("message", listener);
  return () => win.removeEventListener("message", listener);
}

/** How long the runtime keeps saying `ready` (every 50 ms) while no `init` came. */
export const READY_REPEAT_MS = 50;
export const READY_REPEAT_FOR_MS = 20_000;

/**
 * Says `ready` to the host now and again every `intervalMs` until the returned `stop` is
 * called (the host's `init` arrived), for at most `forMs`. On a published app's page the
 * server starts this frame before the page's own code runs (docs/space-apps.md "Frame and
 * host"), so the first `ready` can come before the host listens; the repeat reaches it as
 * soon as it does. The host also sends `init` unasked when it adopts such a frame, which
 * covers a host slower than `forMs`; a second `init` only refreshes the token.
 */
export function announceReady(
  win: Window = window,
  { intervalMs = READY_REPEAT_MS, forMs = READY_REPEAT_FOR_MS } = {},
  timers: Pick<typeof globalThis, "setInterval" | "clearInterval"> = globalThis,
): () => void {
  postToHost({ type: "ready" }, win);
  let sent = 0;
  const timer = timers.setInterval(() => {
    sent += 1;
    if (sent * intervalMs > forMs) {
      timers.clearInterval(timer);
      return;
    }
    postToHost({ type: "ready" }, win);
  }, intervalMs);
  return () => timers.clearInterval(timer);
}
