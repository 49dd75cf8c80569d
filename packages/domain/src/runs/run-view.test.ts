import { describe, expect, it } from "vitest";
import { runStreamEventSchema } from "./run-contract.ts";
import { applyRunEvent, createRunView, type RunView, type RunViewEvent } from "./run-view.ts";

const blocks = [
  { id: "summary", validated: false },
  { id: "facts", validated: true },
];

function fresh(): RunView {
  return createRunView({
    id: "r1",
    appId: "a1",
    toolId: "t1",
    blocks,
    createdAt: "2026-11-28T00:00:00.000Z",
  });
}

function fold(events: RunViewEvent[], view = fresh()): RunView {
  return events.reduce(applyRunEvent, view);
}

describe("createRunView", () => {
  it("starts idle with empty blocks and only checked blocks pending", () => {
    const view = fresh();
    expect(view.state.phase).toBe("idle");
    expect(view.state.blocks).toEqual({ facts: "pending" });
    expect(view.blocks.map((b) => b.text)).toEqual(["", ""]);
    expect(view.parentRunId).toBeNull();
  });
});

describe("applyRunEvent", () => {
  it("streams a run from idle to a resolved success", () => {
    const view = fold([
      { type: "phase", phase: "loading", step: "query-context-items" },
      { type: "phase", phase: "loading", step: "generate" },
      { type: "block-delta", blockId: "summary", text: "Hel" },
      { type: "block-delta", blockId: "summary", text: "lo" },
      { type: "block-end", blockId: "summary" },
      { type: "block-delta", blockId: "facts", text: '{"a":1}' },
      { type: "block-end", blockId: "facts" },
      { type: "block-validated", blockId: "facts" },
      { type: "phase", phase: "success", step: null },
      { type: "done", phase: "success" },
    ]);
    expect(view.state.phase).toBe("success");
    expect(view.state.step).toBe("generate");
    expect(view.state.blocks).toEqual({ facts: "validated" });
    expect(view.blocks).toEqual([
      { id: "summary", text: "Hello", complete: true, retrying: false },
      { id: "facts", text: '{"a":1}', complete: true, retrying: false },
    ]);
  });

  it("starts a retried block's text over and keeps it pending until the final verdict", () => {
    let view = fold([
      { type: "phase", phase: "loading", step: "generate" },
      { type: "block-delta", blockId: "facts", text: "not json" },
      { type: "block-end", blockId: "facts" },
      { type: "block-failed", blockId: "facts", message: "The output is not valid JSON", retrying: true },
    ]);
    expect(view.state.blocks.facts).toBe("pending");
    expect(view.blocks[1]).toMatchObject({ retrying: true, complete: false });
    view = fold(
      [
        { type: "block-delta", blockId: "facts", text: "still" },
        { type: "block-delta", blockId: "facts", text: " bad" },
        { type: "block-failed", blockId: "facts", message: "The output is not valid JSON", retrying: false },
      ],
      view,
    );
    expect(view.blocks[1]?.text).toBe("still bad");
    expect(view.state.blocks.facts).toBe("failed");
    expect(view.state.blockMessages.facts).toBe("The output is not valid JSON");
  });

  it("ends in error with the code and message, and marks unfinished blocks complete on done", () => {
    const view = fold([
      { type: "phase", phase: "loading", step: "generate" },
      { type: "block-delta", blockId: "summary", text: "Half" },
      { type: "error", code: "model_error", message: "The tool could not answer right now." },
      { type: "done", phase: "error" },
    ]);
    expect(view.state.phase).toBe("error");
    expect(view.errorCode).toBe("model_error");
    expect(view.state.errorMessage).toBe("The tool could not answer right now.");
    expect(view.blocks[0]).toMatchObject({ text: "Half", complete: true });
  });

  it("reads a cancel as the machine's cancel", () => {
    const view = fold([
      { type: "phase", phase: "loading", step: "generate" },
      { type: "error", code: "cancelled", message: "Cancelled" },
    ]);
    expect(view.state).toMatchObject({ phase: "error", cancelled: true, errorMessage: null });
  });

  it("leaves the view untouched (same object) for refused events and unknown blocks", () => {
    const view = fresh();
    expect(applyRunEvent(view, { type: "phase", phase: "success", step: null })).toBe(view);
    expect(applyRunEvent(view, { type: "block-validated", blockId: "facts" })).toBe(view);
    expect(applyRunEvent(view, { type: "block-delta", blockId: "nope", text: "x" })).toBe(view);
    expect(applyRunEvent(view, { type: "error", code: "internal", message: "x" })).toBe(view);
  });

  it("replaces everything with a snapshot, which a late tab builds the same as one from the start", () => {
    const events: RunViewEvent[] = [
      { type: "phase", phase: "loading", step: "generate" },
      { type: "block-delta", blockId: "summary", text: "A" },
      { type: "block-delta", blockId: "summary", text: "B" },
    ];
    const watched = fold(events);
    const snapshot = fold(events.slice(0, 2));
    const late = fold([{ type: "snapshot", run: snapshot }, events[2]!], fresh());
    expect(late).toEqual(watched);
    expect(runStreamEventSchema.safeParse({ type: "snapshot", run: watched }).success).toBe(true);
  });

  it("keeps the suggestions of 'Interactive Followups'", () => {
    const view = applyRunEvent(fresh(), { type: "suggestions", suggestions: ["Make it shorter"] });
    expect(view.suggestions).toEqual(["Make it shorter"]);
  });
});
