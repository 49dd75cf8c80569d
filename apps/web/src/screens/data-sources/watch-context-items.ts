import { type ContextItemEvent, contextItemEventSchema } from "@liftoff/domain";
import { parseSseJson, readSseEvents } from "../../lib/read-sse-events.ts";
import { dataSourcesApi } from "./data-sources-api.ts";
import { reconnectDelay } from "./reconnect-delay.ts";

export type WatchContextItemsOptions = {
  appId: string;
  signal: AbortSignal;
  onEvent: (event: ContextItemEvent) => void;
  /** The stream could not be opened or dropped; `final` when it will not be tried again. */
  onFailure: (final: boolean) => void;
};

/** Answers that another attempt would not change: signed out, or the app is not the builder's. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
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
}

/**
 * Keeps the app's live items stream open until `signal` aborts: every event goes to
 * `onEvent`; when the stream ends or drops it is opened again after a growing wait
 * (reconnectDelay), and each reconnect starts with a fresh snapshot, so nothing is missed.
 */
export async function watchContextItems(options: WatchContextItemsOptions): Promise<void> {
  const { appId, signal } = options;
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const response = await dataSourcesApi.openEvents(appId, signal);
      if (!response.ok || !response.body) {
        const final = FINAL_STATUSES.has(response.status);
        options.onFailure(final);
        if (final) return;
      } else {
        await readSseEvents(response.body, (data) => {
          const event = parseSseJson(data, contextItemEventSchema);
          if (!event) return;
          // A snapshot means the stream works again: the next drop starts from a short wait.
          if (event.type === "snapshot") attempt = 0;
          options.onEvent(event);
        });
      }
    } catch {
      if (signal.aborted) return;
      options.onFailure(false);
    }
    await wait(reconnectDelay(attempt, Math.random()), signal);
    attempt += 1;
  }
}
