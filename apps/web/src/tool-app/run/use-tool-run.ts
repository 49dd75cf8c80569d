import { isRunResolved, type PublicTool, type RunFieldValues, type RunView } from "@liftoff/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { readAppToken } from "../../host/app-token-store.ts";
import { foldRunStreamEvent } from "./fold-run-stream-event.ts";
import { placeholderRunView } from "./placeholder-run-view.ts";
import { readRunStream } from "./read-run-stream.ts";
import { decideReattach } from "./reattach-policy.ts";
import { forgetRunId, readRememberedRunId, rememberRunId, sessionRunStorage } from "./remembered-run.ts";
import {
  connectionLostProblem,
  networkProblem,
  type RunProblem,
  runProblemFromResponse,
} from "./run-problem.ts";
import { runEventsUrl, runStartUrl } from "./run-urls.ts";

/** What the form submits: the main input and the answers by field name. */
export type ToolRunRequest = { input: string; values: RunFieldValues };

/**
 * The connection, not the run: the run's own phase is `view.state.phase`.
 * - idle: nothing started (or reset); connecting: waiting for the answer or the snapshot;
 * - streaming: events arrive; reconnecting: the stream dropped, re-attaching soon;
 * - finished: `done` arrived; stopped: the page stopped watching (cancel), the run goes on;
 * - failed: refused before it started, or the connection could not be won back (`error`).
 */
export type ToolRunStatus =
  | "idle"
  | "connecting"
  | "streaming"
  | "reconnecting"
  | "finished"
  | "stopped"
  | "failed";

export type ToolRun = {
  view: RunView | null;
  status: ToolRunStatus;
  error: RunProblem | null;
  /** Starts a run (a new one replaces what is shown). */
  start(request: ToolRunRequest): Promise<void>;
  /** 'Interactive Followups': a run continuing the one shown, with its context. */
  followup(prompt: string): Promise<void>;
  /** Stops watching: aborts the fetch only; the run goes on on the server. */
  cancel(): void;
  /** Watches the shown run again (after a cancel or a lost connection). */
  reattach(): Promise<void>;
  /** Clears the run from the page (and from the tab's memory). */
  reset(): void;
};

type Open = (signal: AbortSignal) => Promise<Response>;

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
 * Runs one tool for an end user and follows its stream: POST …/runs, then the SSE events
 * folded with the domain's `applyRunEvent` (the server's own fold), re-attaching to
 * …/runs/{id}/events when the stream drops before `done` (bounded, REATTACH_POLICY). The last
 * run of the tool is remembered in the tab, so a reload shows it again (still streaming or
 * finished). A signed-in end user's app token goes along as the bearer.
 */
export function useToolRun(options: {
  appId: string;
  tool: Pick<PublicTool, "toolId" | "blocks">;
  /** The app's daily and weekly run limits, to word a 429 ('You have used all 5 runs…'). */
  limits?: { daily: number; weekly: number };
}): ToolRun {
  const { appId, tool, limits } = options;
  const toolId = tool.toolId;
  const [view, setView] = useState<RunView | null>(null);
  const [status, setStatus] = useState<ToolRunStatus>("idle");
  const [error, setError] = useState<RunProblem | null>(null);
  const viewRef = useRef<RunView | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const lastRequestRef = useRef<ToolRunRequest | null>(null);
  // Read through refs so the callbacks stay stable while the page re-renders with new objects.
  const blocksRef = useRef(tool.blocks);
  blocksRef.current = tool.blocks;
  const limitsRef = useRef(limits);
  limitsRef.current = limits;

  const showView = useCallback((next: RunView | null) => {
    viewRef.current = next;
    setView(next);
  }, []);

  const headers = useCallback(
    (json: boolean): Record<string, string> => {
      const result: Record<string, string> = { Accept: "text/event-stream" };
      if (json) result["Content-Type"] = "application/json";
      const token = readAppToken(appId);
      if (token) result.Authorization = `Bearer ${token}`;
      return result;
    },
    [appId],
  );

  const openEvents = useCallback(
    (runId: string): Open =>
      (signal) =>
        fetch(runEventsUrl(appId, runId), { method: "GET", headers: headers(false), signal }),
    [appId, headers],
  );

  /** Takes over the page's connection: any earlier stream stops being watched. */
  const takeOver = useCallback((): AbortController => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    return controller;
  }, []);

  const watch = useCallback(
    async (
      controller: AbortController,
      first: { open: Open; kind: "start" | "attach"; runId: string | null; quietNotFound?: boolean },
    ) => {
      const { signal } = controller;
      const storage = sessionRunStorage();
      let open = first.open;
      let kind = first.kind;
      let runId = first.runId;
      let attempt = 0;
      const fail = (problem: RunProblem) => {
        // A run that never got its snapshot has nothing to show but the problem.
        if (viewRef.current?.id === "") showView(null);
        setError(problem);
        setStatus("failed");
      };
      setStatus("connecting");
      while (!signal.aborted) {
        let response: Response;
        try {
          response = await open(signal);
        } catch {
          if (signal.aborted) return;
          response = new Response(null, { status: 599 });
        }
        if (signal.aborted) return;
        if (response.status === 599 || !response.body) {
          // No answer at all: the network. A known run is tried again below.
          if (runId === null) return fail(networkProblem());
        } else if (!response.ok) {
          const body = await readJsonBody(response);
          if (signal.aborted) return;
          if (kind === "attach" && response.status === 404) {
            forgetRunId(storage, appId, toolId);
            if (first.quietNotFound) {
              setStatus("idle");
              return;
            }
          }
          return fail(
            runProblemFromResponse({ status: response.status, body, kind, limits: limitsRef.current }),
          );
        } else {
          setStatus("streaming");
          try {
            const outcome = await readRunStream(response.body, (event) => {
              if (signal.aborted) return;
              if (event.type !== "snapshot") attempt = 0;
              if (event.type === "snapshot" && event.run.id !== runId) {
                runId = event.run.id;
                rememberRunId(storage, appId, toolId, runId);
              }
              const current =
                viewRef.current ?? placeholderRunView({ appId, toolId, blocks: blocksRef.current });
              const next = foldRunStreamEvent(current, event);
              if (next !== viewRef.current) showView(next);
            });
            runId = outcome.runId ?? runId;
            if (signal.aborted) return;
            if (outcome.finished) {
              setStatus("finished");
              return;
            }
          } catch {
            if (signal.aborted) return;
          }
        }
        const shown = viewRef.current;
        const decision = decideReattach({
          finished: false,
          resolved: shown !== null && shown.id === runId && isRunResolved(shown.state),
          runId,
          aborted: signal.aborted,
          attempt,
        });
        if (!decision.reattach) {
          if (shown && shown.id === runId && isRunResolved(shown.state)) setStatus("finished");
          else fail(runId === null ? networkProblem() : connectionLostProblem());
          return;
        }
        setStatus("reconnecting");
        await sleep(decision.delayMs, signal);
        attempt += 1;
        open = openEvents(runId as string);
        kind = "attach";
      }
    },
    [appId, toolId, openEvents, showView],
  );

  const begin = useCallback(
    async (request: ToolRunRequest & { parentRunId?: string; followup?: string }) => {
      const controller = takeOver();
      setError(null);
      forgetRunId(sessionRunStorage(), appId, toolId);
      showView(
        placeholderRunView({
          appId,
          toolId,
          blocks: blocksRef.current,
          parentRunId: request.parentRunId ?? null,
          followup: request.followup ?? null,
        }),
      );
      const body = JSON.stringify(request);
      await watch(controller, {
        kind: "start",
        runId: null,
        open: (signal) =>
          fetch(runStartUrl(appId, toolId), { method: "POST", headers: headers(true), body, signal }),
      });
    },
    [appId, toolId, headers, showView, takeOver, watch],
  );

  const start = useCallback(
    async (request: ToolRunRequest) => {
      lastRequestRef.current = { input: request.input, values: request.values };
      await begin(lastRequestRef.current);
    },
    [begin],
  );

  const followup = useCallback(
    async (prompt: string) => {
      const parent = viewRef.current;
      const request = lastRequestRef.current ?? { input: "", values: {} };
      if (!parent?.id || prompt.trim() === "") return;
      await begin({ ...request, parentRunId: parent.id, followup: prompt.trim() });
    },
    [begin],
  );

  const cancel = useCallback(() => {
    if (!controllerRef.current || controllerRef.current.signal.aborted) return;
    controllerRef.current.abort();
    setStatus("stopped");
  }, []);

  const reattach = useCallback(async () => {
    const runId = viewRef.current?.id;
    if (!runId) return;
    const controller = takeOver();
    setError(null);
    await watch(controller, { kind: "attach", runId, open: openEvents(runId) });
  }, [openEvents, takeOver, watch]);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    forgetRunId(sessionRunStorage(), appId, toolId);
    showView(null);
    setError(null);
    setStatus("idle");
  }, [appId, toolId, showView]);

  // A reload (or coming back to the tool) shows its last run again: re-attached while it
  // streams, or its final snapshot. A run the server no longer knows is quietly forgotten.
  useEffect(() => {
    showView(null);
    setError(null);
    setStatus("idle");
    const runId = readRememberedRunId(sessionRunStorage(), appId, toolId);
    const controller = new AbortController();
    controllerRef.current = controller;
    if (runId)
      void watch(controller, { kind: "attach", runId, open: openEvents(runId), quietNotFound: true });
    return () => controller.abort();
  }, [appId, toolId, openEvents, showView, watch]);

  return { view, status, error, start, followup, cancel, reattach, reset };
}
