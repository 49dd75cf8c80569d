import type { PublicTool, RunFieldValues, RunView } from "@liftoff/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { readAppToken } from "../../host/app-token-store.ts";
import { type FollowRunInput, followRun, type OpenRunStream, type ToolRunStatus } from "./follow-run.ts";
import { placeholderRunView } from "./placeholder-run-view.ts";
import { forgetRunId, readRememberedRunId, rememberRunId, sessionRunStorage } from "./remembered-run.ts";
import type { RunProblem } from "./run-problem.ts";
import { runEventsUrl, runStartUrl } from "./run-urls.ts";

export type { ToolRunStatus } from "./follow-run.ts";

/** What the form submits: the main input and the answers by field name. */
export type ToolRunRequest = { input: string; values: RunFieldValues };

export type ToolRun = {
  /** The run shown: null before any run, or after a reset or a refusal. */
  view: RunView | null;
  status: ToolRunStatus;
  /** Why the run could not start or be followed (per-field messages for a 400, the reset time for a limit). */
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
  /** Try again: the last request as a new run (after a reload, when it is gone, watches the shown run again). */
  retry(): Promise<void>;
};

/**
 * Runs one tool for an end user and follows its stream (followRun): POST …/runs, the SSE
 * events folded with the domain's `applyRunEvent` (the server's own fold), re-attaching to
 * …/runs/{id}/events when the stream drops before `done`. The last run of the tool is
 * remembered in the tab, so a reload shows it again (still streaming or finished). A
 * signed-in end user's app token goes along as the bearer.
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
    (runId: string): OpenRunStream =>
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

  const follow = useCallback(
    (controller: AbortController, first: FollowRunInput["first"]) => {
      const storage = sessionRunStorage();
      return followRun({
        signal: controller.signal,
        first,
        openEvents,
        placeholder: () => placeholderRunView({ appId, toolId, blocks: blocksRef.current }),
        limits: limitsRef.current,
        getView: () => viewRef.current,
        setView: showView,
        setStatus,
        setProblem: setError,
        rememberRun: (runId) => rememberRunId(storage, appId, toolId, runId),
        forgetRun: () => forgetRunId(storage, appId, toolId),
      });
    },
    [appId, toolId, openEvents, showView],
  );

  const begin = useCallback(
    async (request: ToolRunRequest & { parentRunId?: string; followup?: string }) => {
      const controller = takeOver();
      const shown = viewRef.current;
      const previous = shown && shown.id !== "" ? shown : null;
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
      await follow(controller, {
        kind: "start",
        runId: null,
        previous,
        open: (signal) =>
          fetch(runStartUrl(appId, toolId), { method: "POST", headers: headers(true), body, signal }),
      });
    },
    [appId, toolId, headers, showView, takeOver, follow],
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
      // After a reload the first request is gone: the server takes the parent's context from the parent run.
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
    await follow(controller, { kind: "attach", runId, open: openEvents(runId) });
  }, [openEvents, takeOver, follow]);

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
      void follow(controller, { kind: "attach", runId, open: openEvents(runId), quietNotFound: true });
    return () => controller.abort();
  }, [appId, toolId, openEvents, showView, follow]);

  const retry = useCallback(async () => {
    const last = lastRequestRef.current;
    if (last) await start(last);
    else await reattach();
  }, [start, reattach]);

  return { view, status, error, start, followup, cancel, reattach, reset, retry };
}
