import { describe, expect, it } from "vitest";
import type { ResultBlock } from "../generated-apps/result-block.ts";
import {
  canTransition,
  createRunState,
  isRunResolved,
  nextRunPhase,
  RUN_EVENT_TYPES,
  RUN_PHASES,
  type RunEvent,
  type RunEventType,
  type RunPhase,
  type RunState,
  runReducer,
} from "./run-state.ts";

const blocks: ResultBlock[] = [
  { id: "summary", kind: "markdown", title: "Summary", instruction: "Sum up" },
  {
    id: "facts",
    kind: "key_facts",
    title: "Facts",
    instruction: "Facts",
    validation: { requiredKeys: ["a"] },
  },
  { id: "rows", kind: "table", title: "Rows", instruction: "Rows", validation: { minItems: 1 } },
  { id: "loose", kind: "list", title: "Loose", instruction: "List", validation: { requiredKeys: [] } },
];

const sampleEvents: Record<RunEventType, RunEvent> = {
  "search-similar-item": { type: "search-similar-item" },
  "query-context-items": { type: "query-context-items" },
  generate: { type: "generate" },
  success: { type: "success" },
  error: { type: "error", message: "The model did not answer" },
  cancel: { type: "cancel" },
  validate: { type: "validate" },
  reset: { type: "reset" },
  "block-validated": { type: "block-validated", blockId: "facts" },
  "block-failed": { type: "block-failed", blockId: "facts", message: "Missing key a" },
};

/** The spec's table (section 4), written out pair by pair, plus where verdicts may land. */
const expected: Record<RunPhase, Record<RunEventType, RunPhase | null>> = {
  idle: {
    "search-similar-item": "loading",
    "query-context-items": "loading",
    generate: "loading",
    success: null,
    error: null,
    cancel: null,
    validate: null,
    reset: null,
    "block-validated": null,
    "block-failed": null,
  },
  loading: {
    "search-similar-item": null,
    "query-context-items": null,
    generate: null,
    success: "success",
    error: "error",
    cancel: "error",
    validate: null,
    reset: null,
    "block-validated": "loading",
    "block-failed": "loading",
  },
  success: {
    "search-similar-item": null,
    "query-context-items": null,
    generate: null,
    success: null,
    error: null,
    cancel: null,
    validate: "loading",
    reset: "idle",
    "block-validated": "success",
    "block-failed": "success",
  },
  error: {
    "search-similar-item": null,
    "query-context-items": null,
    generate: null,
    success: null,
    error: null,
    cancel: null,
    validate: null,
    reset: "idle",
    "block-validated": null,
    "block-failed": null,
  },
};

function inPhase(phase: RunPhase): RunState {
  return { ...createRunState({ blocks }), phase, step: phase === "idle" ? null : "generate" };
}

describe("run state machine", () => {
  it("starts idle with only the blocks that have validation features pending", () => {
    const state = createRunState({ blocks });
    expect(state).toEqual({
      phase: "idle",
      step: null,
      blocks: { facts: "pending", rows: "pending" },
      blockMessages: {},
      errorMessage: null,
      cancelled: false,
    });
  });

  for (const phase of RUN_PHASES)
    for (const type of RUN_EVENT_TYPES) {
      const to = expected[phase][type];
      it(`${phase} + ${type} -> ${to ?? "refused"}`, () => {
        const state = inPhase(phase);
        const event = sampleEvents[type];
        expect(nextRunPhase(phase, type)).toBe(to);
        expect(canTransition(state, event)).toBe(to !== null);
        const next = runReducer(state, event);
        if (to === null) expect(next).toBe(state);
        else {
          expect(next).not.toBe(state);
          expect(next.phase).toBe(to);
        }
      });
    }

  it("covers every pair of phase and event in the table", () => {
    expect(Object.keys(expected).sort()).toEqual([...RUN_PHASES].sort());
    for (const phase of RUN_PHASES)
      expect(Object.keys(expected[phase]).sort()).toEqual([...RUN_EVENT_TYPES].sort());
  });

  it("records what started the loading", () => {
    for (const type of ["search-similar-item", "query-context-items", "generate"] as const)
      expect(runReducer(inPhase("idle"), { type }).step).toBe(type);
    expect(runReducer(inPhase("success"), { type: "validate" }).step).toBe("validate");
  });

  it("keeps the error message, and marks a cancel as an error without one", () => {
    const failed = runReducer(inPhase("loading"), { type: "error", message: "Timed out" });
    expect(failed).toMatchObject({ phase: "error", errorMessage: "Timed out", cancelled: false });
    const cancelled = runReducer(inPhase("loading"), { type: "cancel" });
    expect(cancelled).toMatchObject({ phase: "error", errorMessage: null, cancelled: true });
  });

  it("takes a verdict only for a tracked block that is still pending", () => {
    const loading = inPhase("loading");
    const unknown = { type: "block-validated", blockId: "summary" } as const;
    expect(canTransition(loading, unknown)).toBe(false);
    expect(runReducer(loading, unknown)).toBe(loading);
    expect(runReducer(loading, { type: "block-failed", blockId: "nope", message: "x" })).toBe(loading);
    expect(runReducer(loading, { type: "block-validated", blockId: "__proto__" })).toBe(loading);

    const validated = runReducer(loading, { type: "block-validated", blockId: "facts" });
    expect(validated.blocks).toEqual({ facts: "validated", rows: "pending" });
    // A verdict is final until a validate reopens the block.
    expect(runReducer(validated, { type: "block-failed", blockId: "facts", message: "late" })).toBe(
      validated,
    );

    const failed = runReducer(validated, { type: "block-failed", blockId: "rows", message: "Needs 1 row" });
    expect(failed.blocks).toEqual({ facts: "validated", rows: "failed" });
    expect(failed.blockMessages).toEqual({ rows: "Needs 1 row" });
  });

  it("reopens only the blocks a validate names, and refuses unknown ones", () => {
    let state = runReducer(inPhase("loading"), {
      type: "block-failed",
      blockId: "rows",
      message: "Needs 1 row",
    });
    state = runReducer(state, { type: "block-validated", blockId: "facts" });
    state = runReducer(state, { type: "success" });
    expect(runReducer(state, { type: "validate", blockIds: ["summary"] })).toBe(state);
    const retry = runReducer(state, { type: "validate", blockIds: ["rows"] });
    expect(retry).toMatchObject({
      phase: "loading",
      blocks: { facts: "validated", rows: "pending" },
      blockMessages: {},
    });
  });

  it("reset clears verdicts, messages and the error back to a fresh idle run", () => {
    let state = runReducer(inPhase("loading"), { type: "block-failed", blockId: "rows", message: "bad" });
    state = runReducer(state, { type: "error", message: "Boom" });
    expect(runReducer(state, { type: "reset" })).toEqual(createRunState({ blocks }));
    const success = runReducer(runReducer(inPhase("loading"), { type: "success" }), { type: "reset" });
    expect(success).toEqual(createRunState({ blocks }));
  });

  it("keeps any block id a plain key, even __proto__", () => {
    const odd = [
      { id: "__proto__", kind: "json", title: "", instruction: "", validation: { minItems: 1 } },
    ] as const;
    let state = createRunState({ blocks: [...odd] });
    expect(Object.keys(state.blocks)).toEqual(["__proto__"]);
    state = runReducer(runReducer(state, { type: "generate" }), {
      type: "block-failed",
      blockId: "__proto__",
      message: "x",
    });
    state = runReducer(runReducer(state, { type: "success" }), { type: "validate", blockIds: ["__proto__"] });
    expect(Object.entries(state.blocks)).toEqual([["__proto__", "pending"]]);
    expect(Object.getPrototypeOf(state.blocks)).toBe(Object.prototype);
    expect(state.blockMessages).toEqual({});
  });

  it("never mutates the state it is given", () => {
    const state = Object.freeze(inPhase("loading"));
    expect(() => runReducer(state, { type: "block-validated", blockId: "facts" })).not.toThrow();
    expect(state.blocks).toEqual({ facts: "pending", rows: "pending" });
  });
});

describe("isRunResolved", () => {
  const run = (...events: RunEvent[]) => events.reduce(runReducer, createRunState({ blocks }));

  it("is never resolved while idle or loading", () => {
    expect(isRunResolved(run())).toBe(false);
    expect(isRunResolved(run({ type: "generate" }))).toBe(false);
    const allJudgedButLoading = run(
      { type: "generate" },
      { type: "block-validated", blockId: "facts" },
      { type: "block-failed", blockId: "rows", message: "x" },
    );
    expect(isRunResolved(allJudgedButLoading)).toBe(false);
    expect(isRunResolved(runReducer(allJudgedButLoading, { type: "success" }))).toBe(true);
  });

  it("waits in success until every block with validation features has a verdict", () => {
    const done = run({ type: "generate" }, { type: "success" });
    expect(isRunResolved(done)).toBe(false);
    const one = runReducer(done, { type: "block-validated", blockId: "facts" });
    expect(isRunResolved(one)).toBe(false);
    expect(isRunResolved(runReducer(one, { type: "block-failed", blockId: "rows", message: "x" }))).toBe(
      true,
    );
  });

  it("is resolved at once when no block has validation features", () => {
    const plain = [blocks[0]!];
    const state = [{ type: "generate" }, { type: "success" }].reduce<RunState>(
      (s, e) => runReducer(s, e as RunEvent),
      createRunState({ blocks: plain }),
    );
    expect(isRunResolved(state)).toBe(true);
  });

  it("is resolved once the run errored or was cancelled, whatever the blocks", () => {
    expect(isRunResolved(run({ type: "generate" }, { type: "error", message: "x" }))).toBe(true);
    expect(isRunResolved(run({ type: "query-context-items" }, { type: "cancel" }))).toBe(true);
  });

  it("is unresolved again while a validate re-checks a block", () => {
    const resolved = run(
      { type: "generate" },
      { type: "block-validated", blockId: "facts" },
      { type: "block-failed", blockId: "rows", message: "x" },
      { type: "success" },
    );
    const retrying = runReducer(resolved, { type: "validate", blockIds: ["rows"] });
    expect(isRunResolved(retrying)).toBe(false);
    const back = runReducer(runReducer(retrying, { type: "block-validated", blockId: "rows" }), {
      type: "success",
    });
    expect(isRunResolved(back)).toBe(true);
  });
});
