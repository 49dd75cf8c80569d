import { AppError, RUN_MESSAGES, type RunStreamEvent, type RunView, runViewSchema } from "@liftoff/domain";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { detached } from "../../background/detached.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";

/** Every 10 s, as Dify does, so proxies and browsers keep an idle stream open. */
export const RUN_PING_MS = 10_000;
/** How often a watcher reads a run that another instance is generating. */
export const RUN_WATCH_POLL_MS = 1_000;

type StoredRun = { status: "running" | "success" | "error"; view: RunView };

async function loadRun(deps: Pick<Deps, "db">, appId: string, runId: string): Promise<StoredRun | null> {
  const row = await deps.db
    .selectFrom("tool_runs")
    .select(["status", "view"])
    .where("id", "=", runId)
    .where("appId", "=", appId)
    .executeTakeFirst();
  if (!row) return null;
  const view = runViewSchema.safeParse(row.view);
  return view.success ? { status: row.status, view: view.data } : null;
}

/** Whether a run exists in this app (the events route answers 404 before opening a stream). */
export async function assertRunExists(
  deps: Pick<Deps, "db" | "runs">,
  appId: string,
  runId: string,
): Promise<void> {
  const live = deps.runs.views.get(runId);
  if (live && live.appId === appId) return;
  if (!(await loadRun(deps, appId, runId))) throw new AppError("NOT_FOUND", RUN_MESSAGES.runNotFound);
}

/**
 * Streams one run as Server-Sent Events (`event:` the type, `data:` the JSON of
 * runStreamEventSchema) until it is done: first a `snapshot` of the whole run so far, then
 * every event after it, and `ping` every RUN_PING_MS. A run of this process is followed
 * through the hub: its view is read and the subscription made in the same tick, so nothing
 * is missed or repeated. A run of another instance is read from the database every
 * RUN_WATCH_POLL_MS and sent as snapshots when it changed. Closing the stream never stops
 * the run. Usage records are the builder's (run history), never sent to an end user.
 */
export function streamRun(options: {
  c: Context<AppEnv>;
  deps: Pick<Deps, "db" | "runs">;
  appId: string;
  runId: string;
  /** Called once when the stream ends (frees the watcher's place, takeWatchSlot). */
  onClose?: () => void;
}): Response {
  const { c, deps, appId, runId } = options;
  return streamSSE(c, async (stream) => {
    let finished = false;
    let wake: () => void = () => {};
    let queue = Promise.resolve();
    // Events sent in one turn of the event loop leave in ONE write, and a block's deltas
    // with nothing between them in one event: a provider read holding several chunks (a
    // busy server reads them together) costs one socket write instead of one per chunk
    // (bench/runs, 200 runs at once). Alone, an event waits only for the turn to end.
    let pending: RunStreamEvent[] = [];
    let flushing = false;
    const flush = () => {
      flushing = false;
      const text = pending
        .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
        .join("");
      pending = [];
      queue = queue
        .then(() => stream.write(text))
        .then(() => {
          if (finished) wake();
        })
        .catch(() => wake());
    };
    const send = (event: RunStreamEvent) => {
      if (finished || event.type === "usage") return;
      if (event.type === "done") finished = true;
      const last = pending.at(-1);
      if (event.type === "block-delta" && last?.type === "block-delta" && last.blockId === event.blockId)
        pending[pending.length - 1] = { ...last, text: last.text + event.text };
      else pending.push(event);
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    };
    const ping = setInterval(() => send({ type: "ping" }), RUN_PING_MS);
    let unsubscribe = () => {};
    let poll: NodeJS.Timeout | null = null;
    try {
      // Same tick: the view, then the subscription (see RunHub).
      const live = deps.runs.views.get(runId);
      if (live && live.appId === appId) {
        unsubscribe = deps.runs.subscribe(runId, send);
        send({ type: "snapshot", run: live });
      } else {
        const stored = await loadRun(deps, appId, runId);
        if (!stored) {
          send({ type: "error", code: "internal", message: RUN_MESSAGES.runNotFound });
          send({ type: "done", runId, phase: "error" });
        } else {
          send({ type: "snapshot", run: stored.view });
          if (stored.status !== "running") send({ type: "done", runId, phase: stored.status });
          else {
            // Generated elsewhere (or finishing here right now): follow the stored row.
            let last = JSON.stringify(stored.view);
            poll = setInterval(
              detached(
                "run watch poll",
                async () => {
                  const now = await loadRun(deps, appId, runId);
                  // Gone while watched (its app was deleted): end the stream, or it would poll forever.
                  if (!now) {
                    send({ type: "error", code: "internal", message: RUN_MESSAGES.runNotFound });
                    send({ type: "done", runId, phase: "error" });
                    return;
                  }
                  const text = JSON.stringify(now.view);
                  if (text !== last) {
                    last = text;
                    send({ type: "snapshot", run: now.view });
                  }
                  if (now.status !== "running") send({ type: "done", runId, phase: now.status });
                },
                { runId },
              ),
              RUN_WATCH_POLL_MS,
            );
          }
        }
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        stream.onAbort(resolve);
        // Done and written already; otherwise the flush that writes `done` wakes this.
        if (finished && !flushing) void queue.then(resolve);
      });
      await queue;
    } finally {
      clearInterval(ping);
      if (poll) clearInterval(poll);
      unsubscribe();
      options.onClose?.();
    }
  });
}
