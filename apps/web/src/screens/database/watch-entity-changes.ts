/** One change of an entity's rows, as the server's change stream sends it. */
export type EntityChange = {
  type: "create" | "update" | "delete";
  id: string;
  record: Record<string, unknown>;
};

export type StreamEvent = { event: string; data: string; id: string | undefined };

/**
 * An incremental reader of `text/event-stream` text (the subset the entity change stream
 * uses: event, data, id, comments): feed it chunks as they arrive, in any split, and it
 * returns the events completed so far. A CR at the end of a chunk waits for the next one,
 * so CRLF split across chunks is one line break.
 */
export function createEventStreamReader(): (chunk: string) => StreamEvent[] {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | undefined;
  return (chunk) => {
    buffer += chunk;
    const events: StreamEvent[] = [];
    for (;;) {
      const match = /\r\n|\n|\r/.exec(buffer);
      if (!match) break;
      if (match[0] === "\r" && match.index === buffer.length - 1) break;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      if (line === "") {
        if (data.length > 0) events.push({ event: event || "message", data: data.join("\n"), id });
        event = "";
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
      else if (field === "id" && !value.includes("\0")) id = value;
    }
    return events;
  };
}

const CHANGE_TYPES = new Set(["create", "update", "delete"]);

function toChange(event: StreamEvent): EntityChange | null {
  if (!CHANGE_TYPES.has(event.event)) return null;
  try {
    const record = JSON.parse(event.data) as Record<string, unknown> | null;
    if (!record || typeof record.id !== "string") return null;
    return { type: event.event as EntityChange["type"], id: record.id, record };
  } catch {
    return null;
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Follows an entity's change stream (GET …/records/subscribe) for as long as `signal` is not
 * aborted. The stream is read with fetch, which can send Last-Event-ID on a reconnect.
 * When it drops it comes back after a growing pause (up to `maxRetryMs`) with
 * Last-Event-ID, so the server replays what was missed; `onReady` runs on every
 * (re)connection, `reconnected` telling whether changes may have been missed before it. A
 * refusal (401, 403, 404) ends it for good.
 */
export async function watchEntityChanges(options: {
  url: string;
  /** A bearer token to send; without one the browser's session cookie authenticates. */
  getToken?: () => string | null;
  onChange: (change: EntityChange) => void;
  onReady?: (info: { reconnected: boolean }) => void;
  signal: AbortSignal;
  fetch?: typeof fetch;
  retryMs?: number;
  maxRetryMs?: number;
}): Promise<void> {
  const { url, signal } = options;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const firstRetry = options.retryMs ?? 1000;
  const maxRetry = options.maxRetryMs ?? 30_000;
  let lastEventId: string | undefined;
  let connections = 0;
  let retry = firstRetry;
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      const token = options.getToken?.();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers["Last-Event-ID"] = lastEventId;
      const response = await fetchFn(url, { headers, signal });
      if ([401, 403, 404].includes(response.status)) return;
      if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const read = createEventStreamReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done || signal.aborted) break;
          for (const event of read(value)) {
            if (event.id) lastEventId = event.id;
            if (event.event === "ready") {
              options.onReady?.({ reconnected: connections > 0 });
              connections++;
              retry = firstRetry;
              continue;
            }
            const change = toChange(event);
            if (change) options.onChange(change);
          }
        }
      }
    } catch {
      // Network failure or abort: retried below unless aborted.
    }
    if (signal.aborted) return;
    await wait(retry, signal);
    retry = Math.min(maxRetry, retry * 2);
  }
}
