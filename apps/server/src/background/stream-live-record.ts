import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../http/app-env.ts";
import { detached } from "./detached.ts";
import type { LiveHub } from "./live-hub.ts";

/** Fallback read of the stored record: jobs on another instance reach a watcher this way. */
export const LIVE_WATCH_POLL_MS = 1_000;
const HEARTBEAT_MS = 15_000;

/** One SSE event: its `event:` name and its JSON `data:`. */
export type LiveEvent = { type: string } & Record<string, unknown>;

/**
 * Streams one record that a detached job keeps rewriting (a builder chat reply, an end
 * user's assistant reply) as Server-Sent Events, each carrying the whole record, so a tab
 * that joins late or reconnects needs nothing else: `first` when given (the POST that
 * started the job), then an update for every change and one final event. Changes come
 * from this process's hub, and from the database every LIVE_WATCH_POLL_MS while the job
 * runs elsewhere. Closing the stream never stops the job.
 */
export function streamLiveRecord<T>(options: {
  c: Context<AppEnv>;
  hub: LiveHub<T>;
  id: string;
  /** The stored record, or null when it does not exist (then `missing` is sent and the stream ends). */
  load: () => Promise<T | null>;
  isFinal: (record: T) => boolean;
  /** The event for a record (`final` on the last one); null skips it (e.g. nothing changed that this viewer sees). */
  eventOf: (record: T, final: boolean) => LiveEvent | null;
  first?: LiveEvent;
  missing: () => LiveEvent;
  /** Called once when the stream ends (frees the watcher's place). */
  onClose?: () => void;
}): Response {
  const { c, hub, id } = options;
  return streamSSE(c, async (stream) => {
    let finished = false;
    let wake: () => void = () => {};
    const send = async (event: LiveEvent, final = false) => {
      if (finished) return;
      if (final) finished = true;
      await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
    };
    const deliver = async (record: T) => {
      const final = options.isFinal(record);
      const event = options.eventOf(record, final);
      if (event) await send(event, final);
      else if (final) finished = true;
      if (finished) wake();
    };
    let queue = Promise.resolve();
    const enqueue = (record: T) => {
      queue = queue.then(() => deliver(record)).catch(() => {});
    };
    const unsubscribe = hub.subscribe(id, enqueue);
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const poll = setInterval(
      detached(
        "live record poll",
        async () => {
          if (hub.running.has(id)) return; // the hub delivers it
          const record = await options.load();
          if (record) enqueue(record);
          // Gone while watched (deleted with its app or chat): end the stream, or it would poll forever.
          else
            queue = queue
              .then(async () => {
                await send(options.missing(), true);
                wake();
              })
              .catch(() => wake());
        },
        { id },
      ),
      LIVE_WATCH_POLL_MS,
    );
    try {
      if (options.first) await send(options.first);
      const current = await options.load();
      if (!current) await send(options.missing(), true);
      else enqueue(current);
      await new Promise<void>((resolve) => {
        wake = resolve;
        stream.onAbort(resolve);
        if (finished) resolve();
      });
      await queue;
    } finally {
      clearInterval(heartbeat);
      clearInterval(poll);
      unsubscribe();
      options.onClose?.();
    }
  });
}
