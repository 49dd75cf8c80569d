import { isRunResolved, type RunView } from "@liftoff/domain";
import { foldRunStreamEvent } from "./fold-run-stream-event.ts";
import { readRunStream } from "./read-run-stream.ts";
import { decideReattach, REATTACH_POLICY } from "./reattach-policy.ts";
import {
  connectionLostProblem,
  networkProblem,
  type RunProblem,
  runProblemFromResponse,
} from "./run-problem.ts";

/**
 * The connection, not the run: the run's own phase is `view.state.phase`.
 * - idle: nothing started (or reset); connecting: waiting for the answer or the snapshot;
 * - streaming: events arrive; reconnecting: the stream dropped, re-attaching soon;
 * - finished: `done` arrived; stopped: the page stopped watching (cancel), the run goes on;
 * - failed: refused before it started, or the connection could not be won back.
 */
export type ToolRunStatus =
  | "idle"
  | "connecting"
  | "streaming"
  | "reconnecting"
  | "finished"
  | "stopped"
  | "failed";

/** Opens one stream: the POST that starts a run, or GET …/runs/{id}/events. */
export type OpenRunStream = (signal: AbortSignal) => Promise<Response>;

export type FollowRunInput = {
  signal: AbortSignal;
  /** The first request, and whether it starts a run or re-attaches to `runId`. */
  first: {
    open: OpenRunStream;
    kind: "start" | "attach";
    runId: string | null;
    quietNotFound?: boolean;
    /** A start: the run shown before it, put back (and remembered again) when the start is refused. */
    previous?: RunView | null;
  };
  /** The re-attach request for a run. */
  openEvents: (runId: string) => OpenRunStream;
  /** What the stream folds into before its snapshot (the tool's empty blocks). */
  placeholder: () => RunView;
  /** The app's run limits, to word a 429. */
  limits?: { daily: number; weekly: number };
  policy?: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };
  /** The page's state, read and written through these. */
  getView: () => RunView | null;
  setView: (view: RunView | null) => void;
  setStatus: (status: ToolRunStatus) => void;
  setProblem: (problem: RunProblem) => void;
  rememberRun: (runId: string) => void;
  forgetRun: () => void;
};

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

async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Follows one run to its end: opens the stream, folds every event into the view, and when
 * the stream drops before `done` re-attaches to the run's events (REATTACH_POLICY), until
 * `done`, a refusal, giving up, or the signal aborts (then it returns quietly: whoever
 * aborted owns the page's state).
 */
export async function followRun(input: FollowRunInput): Promise<void> {
  const { signal } = input;
  let open = input.first.open;
  let kind = input.first.kind;
  let runId = input.first.runId;
  let attempt = 0;
  const fail = (problem: RunProblem) => {
    // A run that never got its snapshot has nothing of its own to show: the page keeps the
    // answer it showed before (a refused second run must not take the first one away).
    if (input.getView()?.id === "") {
      const previous = input.first.previous ?? null;
      input.setView(previous);
      if (previous?.id) input.rememberRun(previous.id);
    }
    input.setProblem(problem);
    input.setStatus("failed");
  };
  input.setStatus("connecting");
  while (!signal.aborted) {
    let response: Response | null;
    try {
      response = await open(signal);
    } catch {
      response = null;
    }
    if (signal.aborted) return;
    if (response === null || (response.ok && !response.body)) {
      // No answer at all: the network. A known run is tried again below.
      if (runId === null) return fail(networkProblem());
    } else if (!response.ok) {
      const body = await readJsonBody(response);
      if (signal.aborted) return;
      if (kind === "attach" && response.status === 404) {
        input.forgetRun();
        if (input.first.quietNotFound) {
          input.setStatus("idle");
          return;
        }
      }
      return fail(runProblemFromResponse({ status: response.status, body, kind, limits: input.limits }));
    } else if (response.body) {
      input.setStatus("streaming");
      let opening = true;
      try {
        const outcome = await readRunStream(response.body, (event) => {
          if (signal.aborted) return;
          // Progress resets the tries, but not the stream's opening snapshot (a stream dropping
          // right after it would loop). Later snapshots are progress: a run of another server
          // instance streams as snapshots.
          if (!(opening && event.type === "snapshot")) attempt = 0;
          opening = false;
          if (event.type === "snapshot" && event.run.id !== runId) {
            runId = event.run.id;
            input.rememberRun(runId);
          }
          const current = input.getView() ?? input.placeholder();
          const next = foldRunStreamEvent(current, event);
          if (next !== input.getView()) input.setView(next);
        });
        runId = outcome.runId ?? runId;
        if (signal.aborted) return;
        if (outcome.finished) {
          input.setStatus("finished");
          return;
        }
      } catch {
        if (signal.aborted) return;
      }
    }
    const shown = input.getView();
    const resolved = shown !== null && shown.id !== "" && shown.id === runId && isRunResolved(shown.state);
    const decision = decideReattach({
      finished: false,
      resolved,
      runId,
      aborted: signal.aborted,
      attempt,
      policy: input.policy ?? REATTACH_POLICY,
    });
    if (!decision.reattach) {
      if (resolved) input.setStatus("finished");
      else fail(runId === null ? networkProblem() : connectionLostProblem());
      return;
    }
    input.setStatus("reconnecting");
    await sleep(decision.delayMs, signal);
    attempt += 1;
    open = input.openEvents(runId as string);
    kind = "attach";
  }
}
