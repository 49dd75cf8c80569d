import { type BackoffOptions, backoffDelay } from "./backoff-delay.ts";
import type { HttpClient } from "./create-http-client.ts";
import { createSseParser, type SseEvent } from "./create-sse-parser.ts";
import type { EntityChangeEvent, EntityRecord } from "./entity-record.ts";
import { SdkError } from "./sdk-error.ts";

export type SubscribeOptions = {
  /** Only changes to rows matching this filter are delivered (checked by the server). */
  query?: Record<string, unknown> | undefined;
  /**
   * Called when the subscription gives up for good (signed out, entity gone, no access).
   * Passing failures (network, server restart) are retried silently and never reach it.
   */
  onError?: ((error: SdkError) => void) | undefined;
};

const CHANGE_TYPES = new Set(["create", "update", "delete"]);
// Enough to cover any replay window the server keeps, small enough to never matter.
const REMEMBERED_IDS = 2000;

function isRetryable(error: unknown): boolean {
  if (!(error instanceof SdkError)) return true;
  // A refusal will not change by asking again; everything else (network, 5xx, timeouts,
  // rate limits) may pass.
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

function toChange(event: SseEvent): EntityChangeEvent | null {
  if (!CHANGE_TYPES.has(event.type)) return null;
  let record: unknown;
  try {
    record = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (!record || typeof record !== "object" || typeof (record as EntityRecord).id !== "string") return null;
  const row = record as EntityRecord;
  return { type: event.type as EntityChangeEvent["type"], record: row, data: row, id: row.id };
}

/**
 * A live feed of one entity's changes over a fetch-read `text/event-stream` (EventSource
 * cannot send the bearer token). The connection is kept up for as long as the app wants
 * it: when it drops, it comes back after a capped, jittered exponential backoff and sends
 * `Last-Event-ID`, so the server replays what happened in between; ids already delivered
 * are skipped, so a replay that overlaps what was seen never shows the app a change twice.
 * Returns the function that stops it; after it is called the callback never runs again.
 */
export function subscribeToEntity(options: {
  http: HttpClient;
  path: string;
  query: URLSearchParams;
  onChange: (event: EntityChangeEvent) => void;
  onError?: ((error: SdkError) => void) | undefined;
  backoff: BackoffOptions;
  random?: () => number;
}): () => void {
  const { http, path, query, onChange, backoff } = options;
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  // Ids are remembered in arrival order, not compared as numbers: change sequences may
  // commit out of order across writers, so "lower than the last one" is not "seen".
  const delivered = new Set<string>();
  let serverRetryMs: number | undefined;

  function deliver(event: SseEvent): void {
    if (signal.aborted) return;
    if (event.id !== undefined) lastEventId = event.id;
    const change = toChange(event);
    if (!change) return;
    if (event.id !== undefined) {
      if (delivered.has(event.id)) return;
      delivered.add(event.id);
      if (delivered.size > REMEMBERED_IDS) delivered.delete(delivered.values().next().value as string);
    }
    try {
      onChange(change);
    } catch (error) {
      // The app's own bug: surface it like an exception in an event handler, without
      // tearing down the stream for the changes that follow.
      setTimeout(() => {
        throw error;
      });
    }
  }

  async function readStream(response: Response): Promise<boolean> {
    const contentType = response.headers.get("content-type") ?? "";
    if (!contentType.includes("text/event-stream") || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new SdkError({
        status: response.status,
        code: "INVALID_RESPONSE",
        message: "The server did not answer with an event stream; check the client's baseUrl",
      });
    }
    const reader = response.body.getReader();
    // Cancelling the reader ends a pending read() at once; aborting the request alone
    // does not end a body that an in-process handler (or a service worker) produces.
    const cancel = () => void reader.cancel().catch(() => {});
    signal.addEventListener("abort", cancel, { once: true });
    const decoder = new TextDecoder();
    let received = false;
    const parser = createSseParser({
      onEvent: deliver,
      onRetry: (ms) => {
        serverRetryMs = ms;
      },
    });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received = true;
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
    } finally {
      parser.end();
      signal.removeEventListener("abort", cancel);
    }
    return received;
  }

  async function run(): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const response = await http.open({
          method: "GET",
          path,
          query,
          headers: {
            accept: "text/event-stream",
            ...(lastEventId !== undefined ? { "last-event-id": lastEventId } : {}),
          },
          signal,
        });
        // Only a stream that carried something counts as healthy; a server that accepts
        // and hangs up at once must still be backed off from.
        if (await readStream(response)) attempt = 0;
      } catch (error) {
        if (signal.aborted) return;
        if (!isRetryable(error)) {
          const failure =
            error instanceof SdkError
              ? error
              : new SdkError({ status: 0, code: "NETWORK_ERROR", message: String(error), cause: error });
          if (options.onError) options.onError(failure);
          else console.error("Liftoff subscription stopped:", failure);
          return;
        }
      }
      if (signal.aborted) return;
      // A `retry:` from the server replaces the starting delay and lifts the cap if
      // needed: a server asking for room (say, while it drains) should get it.
      const initial = Math.max(serverRetryMs ?? backoff.initialDelayMs, 1);
      const delays = { initialDelayMs: initial, maxDelayMs: Math.max(backoff.maxDelayMs, initial) };
      await sleep(backoffDelay(attempt, delays, options.random), signal);
      attempt++;
    }
  }

  void run();
  return () => controller.abort();
}
