import { createRunView, type RunStreamEvent, type RunView } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { foldRunStreamEvent } from "./fold-run-stream-event.ts";
import { placeholderRunView } from "./placeholder-run-view.ts";
import { parseRunStreamEvent, readRunStream } from "./read-run-stream.ts";

const blocks = [
  { id: "summary", validated: false },
  { id: "facts", validated: true },
];

function snapshotRun(): RunView {
  return createRunView({
    id: "run-1",
    appId: "app-1",
    toolId: "tool-1",
    blocks,
    createdAt: "2026-11-28T10:00:00.000Z",
  });
}

function sse(event: RunStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const events: RunStreamEvent[] = [
  { type: "snapshot", run: snapshotRun() },
  { type: "phase", runId: "run-1", phase: "loading", step: "generate" },
  { type: "block-delta", blockId: "summary", text: "Hello " },
  { type: "ping" },
  { type: "block-delta", blockId: "summary", text: "world ✅" },
  { type: "block-end", blockId: "summary" },
  { type: "block-delta", blockId: "facts", text: '{"a": ' },
  { type: "block-failed", blockId: "facts", message: "Missing key b", retrying: true },
  { type: "block-delta", blockId: "facts", text: '{"a": 1, "b": 2}' },
  { type: "block-end", blockId: "facts" },
  { type: "phase", runId: "run-1", phase: "success", step: "generate" },
  { type: "block-validated", blockId: "facts" },
  { type: "suggestions", suggestions: ["Make it shorter"] },
  { type: "usage", usage: { promptTokens: 10, completionTokens: 20 } as never },
  { type: "done", runId: "run-1", phase: "success" },
];
const text = events.map(sse).join(": keep-alive\n\n");

async function foldAll(
  chunks: string[],
): Promise<{ view: RunView; finished: boolean; runId: string | null }> {
  let view = placeholderRunView({ appId: "app-1", toolId: "tool-1", blocks });
  const outcome = await readRunStream(streamOf(chunks), (event) => {
    view = foldRunStreamEvent(view, event);
  });
  return { view, ...outcome };
}

describe("parseRunStreamEvent", () => {
  it("reads a run event and skips anything else", () => {
    expect(parseRunStreamEvent(JSON.stringify({ type: "ping" }))?.type).toBe("ping");
    expect(parseRunStreamEvent("{not json")).toBeNull();
    expect(parseRunStreamEvent(JSON.stringify({ type: "block-delta" }))).toBeNull();
    expect(parseRunStreamEvent(JSON.stringify({ type: "unknown" }))).toBeNull();
  });
});

describe("readRunStream + foldRunStreamEvent", () => {
  it("folds a whole run: text grows, a retried block starts over, verdicts and suggestions land", async () => {
    const { view, finished, runId } = await foldAll([text]);
    expect(finished).toBe(true);
    expect(runId).toBe("run-1");
    expect(view.id).toBe("run-1");
    expect(view.state.phase).toBe("success");
    expect(view.blocks).toEqual([
      { id: "summary", text: "Hello world ✅", complete: true, retrying: false },
      { id: "facts", text: '{"a": 1, "b": 2}', complete: true, retrying: false },
    ]);
    expect(view.state.blocks).toEqual({ facts: "validated" });
    expect(view.suggestions).toEqual(["Make it shorter"]);
  });

  it("gives the same view whatever the chunk boundaries", async () => {
    const whole = (await foldAll([text])).view;
    for (let at = 1; at < text.length; at += 11) {
      const { view } = await foldAll([text.slice(0, at), text.slice(at)]);
      expect(view).toEqual(whole);
    }
  });

  it("reports a stream cut before done as unfinished, with the run id to re-attach to", async () => {
    const cut = events.slice(0, 5).map(sse).join("");
    const { view, finished, runId } = await foldAll([cut, 'event: block-delta\ndata: {"type":"block-de']);
    expect(finished).toBe(false);
    expect(runId).toBe("run-1");
    expect(view.state.phase).toBe("loading");
    expect(view.blocks[0]).toMatchObject({ text: "Hello world ✅", complete: false });
  });

  it("a re-attach's snapshot replaces the view whole, then folds on from there", async () => {
    const midway: RunView = {
      ...snapshotRun(),
      state: { ...snapshotRun().state, phase: "loading", step: "generate" },
      blocks: [
        { id: "summary", text: "Hello world", complete: true, retrying: false },
        { id: "facts", text: "", complete: false, retrying: false },
      ],
    };
    const reattached = [
      sse({ type: "snapshot", run: midway }),
      sse({ type: "error", code: "timeout", message: "The tool took too long to answer. Please try again." }),
      sse({ type: "done", runId: "run-1", phase: "error" }),
    ];
    const { view, finished } = await foldAll(reattached);
    expect(finished).toBe(true);
    expect(view.state.phase).toBe("error");
    expect(view.state.errorMessage).toBe("The tool took too long to answer. Please try again.");
    expect(view.errorCode).toBe("timeout");
    expect(view.blocks[1]).toMatchObject({ complete: true });
  });
});

describe("placeholderRunView", () => {
  it("is the tool's empty blocks, loading, without an id", () => {
    const view = placeholderRunView({
      appId: "a",
      toolId: "t",
      blocks,
      parentRunId: "run-0",
      followup: "More",
    });
    expect(view.id).toBe("");
    expect(view.state.phase).toBe("loading");
    expect(view.state.blocks).toEqual({ facts: "pending" });
    expect(view.blocks.map((block) => block.text)).toEqual(["", ""]);
    expect(view).toMatchObject({ parentRunId: "run-0", followup: "More" });
  });
});
