/**
 * One dispatched server-sent event. `id` is the stream's last event ID at dispatch time:
 * as in the HTML spec it persists from earlier events until an `id:` line changes it,
 * and it is what a reconnect sends back as `Last-Event-ID`.
 */
export type SseEvent = { type: string; data: string; id: string | undefined };

export type SseParser = {
  /** Feeds decoded text; chunks may split lines, fields and CRLF pairs anywhere. */
  push(chunk: string): void;
  /** The stream ended: a half-received event is dropped, as the spec requires. */
  end(): void;
  /** The last event ID seen so far (also updated by events that are never dispatched). */
  lastEventId(): string | undefined;
};

/**
 * A streaming parser for `text/event-stream` (HTML spec, "Event stream interpretation").
 * Written by hand because the browser's EventSource cannot send an Authorization header,
 * so the SDK reads the stream over fetch and must parse it itself. It is pure (text in,
 * events out) so that every chunk boundary can be tested without a network.
 */
export function createSseParser(handlers: {
  onEvent: (event: SseEvent) => void;
  /** A `retry:` field: the server's reconnection delay in milliseconds. */
  onRetry?: (ms: number) => void;
}): SseParser {
  let buffer = "";
  let started = false;
  // A chunk ended with CR: if the next one starts with LF, that LF belongs to the same
  // line break and must not be read as an empty line (which would dispatch early).
  let skipLeadingLf = false;
  let data = "";
  let hasData = false;
  let type = "";
  let lastId: string | undefined;

  function dispatch(): void {
    if (hasData) {
      // The data buffer gets a LF after every data line; the last one is not content.
      handlers.onEvent({ type: type || "message", data: data.slice(0, -1), id: lastId });
    }
    data = "";
    hasData = false;
    type = "";
  }

  function processLine(line: string): void {
    if (line === "") {
      dispatch();
      return;
    }
    if (line.startsWith(":")) return; // a comment, often a keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        data += `${value}\n`;
        hasData = true;
        break;
      case "event":
        type = value;
        break;
      case "id":
        // The spec ignores ids containing NUL, so a broken id cannot poison the resume.
        if (!value.includes("\0")) lastId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  return {
    push(chunk) {
      let text = chunk;
      if (text === "") return;
      if (skipLeadingLf) {
        skipLeadingLf = false;
        if (text.startsWith("\n")) text = text.slice(1);
      }
      if (!started) {
        started = true;
        if (text.startsWith("\uFEFF")) text = text.slice(1);
      }
      // Only the new text can hold line breaks: the kept buffer never does.
      const scanFrom = buffer.length;
      buffer += text;
      let lineStart = 0;
      for (let i = scanFrom; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\r" && char !== "\n") continue;
        processLine(buffer.slice(lineStart, i));
        if (char === "\r") {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === "\n") i++;
          } else {
            skipLeadingLf = true;
          }
        }
        lineStart = i + 1;
      }
      buffer = buffer.slice(lineStart);
    },
    end() {
      buffer = "";
      data = "";
      hasData = false;
      type = "";
      skipLeadingLf = false;
    },
    lastEventId: () => lastId,
  };
}
