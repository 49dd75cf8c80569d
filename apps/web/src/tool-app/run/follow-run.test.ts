import { createRunView, RUN_MESSAGES, type RunStreamEvent, type RunView } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { followRun, type OpenRunStream, type ToolRunStatus } from "./follow-run.ts";
import { placeholderRunView } from "./placeholder-run-view.ts";
import type { RunProblem } from "./run-problem.ts";

const blocks = [{ id: "answer", validated: true }];
const fastPolicy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 };

function run(overrides: Partial<RunView> = {}): RunView {
  return {
    ...createRunView({
      id: "run-1",
      appId: "app",
      toolId: "tool",
      blocks,
      createdAt: "2026-11-28T10:00:00.000Z",
    }),
    ...overrides,
  };
}

function sse(event: RunStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** An SSE answer built from event text; `fail` ends it with a stream error instead of a close. */
function streamResponse(events: RunStreamEvent[], end: "close" | "fail" = "close"): Response {
  const encoder = new TextEncoder();
  let pulls = 0;
  // Pulled, so a failing stream errors only after its events were read (as a dropped connection does).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (pulls === 1) for (const event of events) controller.enqueue(encoder.encode(sse(event)));
      else if (end === "close") controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const start: RunStreamEvent[] = [
  { type: "snapshot", run: run() },
  { type: "phase", runId: "run-1", phase: "loading", step: "generate" },
  { type: "block-delta", blockId: "answer", text: "Hel" },
];
const rest: RunStreamEvent[] = [
  { type: "block-delta", blockId: "answer", text: "lo" },
  { type: "block-end", blockId: "answer" },
  { type: "phase", runId: "run-1", phase: "success", step: "generate" },
  { type: "block-validated", blockId: "answer" },
  { type: "done", runId: "run-1", phase: "success" },
];
const midway = run({
  state: { ...run().state, phase: "loading", step: "generate" },
  blocks: [{ id: "answer", text: "Hel", complete: false, retrying: false }],
});

/** Runs followRun against scripted answers, recording what the page would see. */
async function follow(options: {
  first: Response | Error;
  events?: (Response | Error)[];
  kind?: "start" | "attach";
  quietNotFound?: boolean;
  signal?: AbortSignal;
  previous?: RunView;
}) {
  let view: RunView | null = placeholderRunView({ appId: "app", toolId: "tool", blocks });
  const statuses: ToolRunStatus[] = [];
  const problems: RunProblem[] = [];
  const opened: string[] = [];
  const remembered: (string | null)[] = [];
  const answer = (value: Response | Error | undefined): Promise<Response> =>
    value === undefined
      ? Promise.reject(new Error("no answer scripted"))
      : value instanceof Error
        ? Promise.reject(value)
        : Promise.resolve(value);
  const eventAnswers = [...(options.events ?? [])];
  const kind = options.kind ?? "start";
  const first: OpenRunStream = () => {
    opened.push(kind === "start" ? "POST runs" : "GET run-1/events");
    return answer(options.first);
  };
  await followRun({
    signal: options.signal ?? new AbortController().signal,
    first: {
      open: first,
      kind,
      runId: kind === "attach" ? "run-1" : null,
      quietNotFound: options.quietNotFound,
      previous: options.previous ?? null,
    },
    openEvents: (runId) => () => {
      opened.push(`GET ${runId}/events`);
      return answer(eventAnswers.shift());
    },
    placeholder: () => placeholderRunView({ appId: "app", toolId: "tool", blocks }),
    limits: { daily: 3, weekly: 10 },
    policy: fastPolicy,
    getView: () => view,
    setView: (next) => {
      view = next;
    },
    setStatus: (status) => statuses.push(status),
    setProblem: (problem) => problems.push(problem),
    rememberRun: (runId) => remembered.push(runId),
    forgetRun: () => remembered.push(null),
  });
  return { view: view as RunView | null, statuses, problems, opened, remembered };
}

describe("followRun", () => {
  it("follows a run from its start to done and remembers it", async () => {
    const result = await follow({ first: streamResponse([...start, ...rest]) });
    expect(result.statuses).toEqual(["connecting", "streaming", "finished"]);
    expect(result.view?.state.phase).toBe("success");
    expect(result.view?.state.blocks).toEqual({ answer: "validated" });
    expect(result.view?.blocks[0]).toMatchObject({ text: "Hello", complete: true });
    expect(result.remembered).toEqual(["run-1"]);
    expect(result.problems).toEqual([]);
  });

  it("re-attaches to the run's events when the stream drops before done", async () => {
    const result = await follow({
      first: streamResponse(start, "fail"),
      events: [new TypeError("offline"), streamResponse([{ type: "snapshot", run: midway }, ...rest])],
    });
    expect(result.opened).toEqual(["POST runs", "GET run-1/events", "GET run-1/events"]);
    expect(result.statuses).toEqual([
      "connecting",
      "streaming",
      "reconnecting",
      "reconnecting",
      "streaming",
      "finished",
    ]);
    expect(result.view?.blocks[0]).toMatchObject({ text: "Hello", complete: true });
    expect(result.view?.state.phase).toBe("success");
  });

  it("gives up after the bounded tries with a clear message, keeping what was shown", async () => {
    const snapshotOnly = () => streamResponse([{ type: "snapshot", run: midway }]);
    const result = await follow({
      first: streamResponse(start),
      events: [snapshotOnly(), snapshotOnly(), snapshotOnly(), snapshotOnly()],
    });
    expect(result.opened).toHaveLength(1 + fastPolicy.maxAttempts);
    expect(result.statuses.at(-1)).toBe("failed");
    expect(result.problems.map((problem) => problem.code)).toEqual(["INTERRUPTED"]);
    expect(result.view?.blocks[0]?.text).toBe("Hel");
  });

  it("stops once a run is resolved even when its stream closes without done", async () => {
    const finished = run({
      state: { ...run().state, phase: "success", step: "generate", blocks: { answer: "validated" } },
    });
    const result = await follow({
      first: streamResponse([{ type: "snapshot", run: finished }]),
      kind: "attach",
    });
    expect(result.statuses).toEqual(["connecting", "streaming", "finished"]);
    expect(result.opened).toHaveLength(1);
  });

  it("words a refusal and clears the placeholder", async () => {
    const result = await follow({
      first: jsonResponse(429, {
        error: { code: "RATE_LIMITED", message: "limit", details: { reason: "daily", resetsAt: "bad date" } },
      }),
    });
    expect(result.view).toBeNull();
    expect(result.statuses.at(-1)).toBe("failed");
    expect(result.problems[0]).toMatchObject({
      code: "RATE_LIMITED",
      message: RUN_MESSAGES.dailyLimit(3),
      limit: "daily",
    });
  });

  it("puts the answer shown before back when the next run is refused", async () => {
    const earlier = run({
      id: "run-0",
      state: { ...run().state, phase: "success", step: "generate" },
      blocks: [{ id: "answer", text: "The first answer", complete: true, retrying: false }],
    });
    const result = await follow({
      first: jsonResponse(429, {
        error: { code: "RATE_LIMITED", message: "limit", details: { reason: "daily" } },
      }),
      previous: earlier,
    });
    expect(result.view).toEqual(earlier);
    expect(result.remembered).toEqual(["run-0"]);
    expect(result.statuses.at(-1)).toBe("failed");
    expect(result.problems.map((problem) => problem.code)).toEqual(["RATE_LIMITED"]);
  });

  it("says the network failed when a run never started", async () => {
    const result = await follow({ first: new TypeError("Failed to fetch") });
    expect(result.problems.map((problem) => problem.code)).toEqual(["NETWORK"]);
    expect(result.view).toBeNull();
  });

  it("forgets a remembered run the server no longer knows, quietly on reload", async () => {
    const result = await follow({
      first: jsonResponse(404, { error: { code: "NOT_FOUND", message: "no" } }),
      kind: "attach",
      quietNotFound: true,
    });
    expect(result.remembered).toEqual([null]);
    expect(result.statuses).toEqual(["connecting", "idle"]);
    expect(result.problems).toEqual([]);
  });

  it("returns quietly when the page stops watching", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await follow({ first: streamResponse(start), signal: controller.signal });
    expect(result.statuses).toEqual(["connecting"]);
    expect(result.problems).toEqual([]);
  });
});
