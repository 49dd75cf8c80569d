import { type FrameMessage, type HostMessage, hostMessageSchema } from "@liftoff/domain";

type Outgoing = FrameMessage extends infer M ? (M extends FrameMessage ? Omit<M, "source"> : never) : never;

/** True when the frame was opened on its own (debugging), not inside a host page. */
export function isDirect(win: Window = window): boolean {
  return win.parent === win;
}

/**
 * Posts to the host. The target origin is "*" because the host's origin is not known to
 * the frame (builder, published page, custom host) and nothing secret is ever sent.
 */
export function postToHost(message: Outgoing, win: Window = window): void {
  if (isDirect(win)) return;
  win.parent.postMessage({ source: "liftoff-frame", ...message }, "*");
}

/** Host messages from the parent window only, parsed; anything else is ignored. */
export function parseHostMessage(
  event: Pick<MessageEvent, "source" | "data">,
  win: Window = window,
): HostMessage | null {
  if (event.source !== win.parent || isDirect(win)) return null;
  const parsed = hostMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

export function onHostMessage(handler: (message: HostMessage) => void, win: Window = window): () => void {
  const listener = (event: MessageEvent) => {
    const message = parseHostMessage(event, win);
    if (message) handler(message);
  };
  win.addEventListener("message", listener);
  return () => win.removeEventListener("message", listener);
}
