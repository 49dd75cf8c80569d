import { hasBlockValidation, type ResultBlock } from "../generated-apps/result-block.ts";

/** spec section 4 "Run state": the phases of one run of a tool. */
export const RUN_PHASES = ["idle", "loading", "success", "error"] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

/** The events that start a run from idle, each naming the first thing the run does. */
export const RUN_START_EVENTS = ["search-similar-item", "query-context-items", "generate"] as const;
export type RunStartEvent = (typeof RUN_START_EVENTS)[number];

/**
 * Every event of the machine: the spec's eight, plus the verdicts of block validation
 * ('block-validated', 'block-failed'), which the spec names as statuses but not as events.
 */
export const RUN_EVENT_TYPES = [
  ...RUN_START_EVENTS,
  "success",
  "error",
  "cancel",
  "validate",
  "reset",
  "block-validated",
  "block-failed",
] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

/** spec section 4: the validation status of one block that has validation features. */
export const BLOCK_VALIDATION_STATUSES = ["pending", "validated", "failed"] as const;
export type BlockValidationStatus = (typeof BLOCK_VALIDATION_STATUSES)[number];

export type RunEvent =
  | { type: RunStartEvent }
  | { type: "success" }
  | { type: "error"; message: string }
  | { type: "cancel" }
  /** Checks blocks again; `blockIds` (a retry) go back to pending, the others keep their verdict. */
  | { type: "validate"; blockIds?: readonly string[] }
  | { type: "reset" }
  | { type: "block-validated"; blockId: string }
  | { type: "block-failed"; blockId: string; message: string };

export type RunState = {
  phase: RunPhase;
  /** What the current or last loading did: the event that started it; null before any. */
  step: RunStartEvent | "validate" | null;
  /** Verdicts of the blocks with validation features only, by block id. */
  blocks: Readonly<Record<string, BlockValidationStatus>>;
  /** Why a failed block failed, by block id (the validator's message). */
  blockMessages: Readonly<Record<string, string>>;
  /** Set in the error phase: the non-technical reason, or null for a cancel. */
  errorMessage: string | null;
  /** Whether the error phase came from a cancel rather than a failure. */
  cancelled: boolean;
};

/**
 * The phase changes of spec section 4, and where block verdicts may arrive: while the
 * run streams (loading) or after it (success, before a validate); never in idle or error,
 * where there is no output to judge.
 */
const TRANSITIONS: Readonly<Record<RunPhase, Partial<Record<RunEventType, RunPhase>>>> = {
  idle: { "search-similar-item": "loading", "query-context-items": "loading", generate: "loading" },
  loading: {
    success: "success",
    error: "error",
    cancel: "error",
    "block-validated": "loading",
    "block-failed": "loading",
  },
  success: { validate: "loading", reset: "idle", "block-validated": "success", "block-failed": "success" },
  error: { reset: "idle" },
};

/** The phase `event` leads to from `phase`, or null when the machine refuses it there. */
export function nextRunPhase(phase: RunPhase, event: RunEventType): RunPhase | null {
  return TRANSITIONS[phase][event] ?? null;
}

/** A fresh run of a tool's blocks: idle, every block with validation features pending. */
export function createRunState(input: { blocks: readonly ResultBlock[] }): RunState {
  return {
    phase: "idle",
    step: null,
    blocks: pendingVerdicts(input.blocks.filter(hasBlockValidation).map((block) => block.id)),
    blockMessages: {},
    errorMessage: null,
    cancelled: false,
  };
}

/** Built with fromEntries (own keys), so any block id, even '__proto__', is a plain key. */
function pendingVerdicts(ids: Iterable<string>): Record<string, BlockValidationStatus> {
  return Object.fromEntries([...ids].map((id) => [id, "pending" as const]));
}

/**
 * Whether `event` changes `state`. Beyond the phase table, a verdict must name a block
 * that is tracked and still pending (a verdict is final until a validate reopens it), and
 * a validate may only reopen tracked blocks.
 */
export function canTransition(state: RunState, event: RunEvent): boolean {
  if (nextRunPhase(state.phase, event.type) === null) return false;
  if (event.type === "block-validated" || event.type === "block-failed")
    return Object.hasOwn(state.blocks, event.blockId) && state.blocks[event.blockId] === "pending";
  if (event.type === "validate") return (event.blockIds ?? []).every((id) => Object.hasOwn(state.blocks, id));
  return true;
}

/**
 * The run state machine of spec section 4 as a pure reducer: an illegal event returns the
 * very same state object (so callers can tell a refusal by identity), a legal one a new
 * state. The server and the web page both drive their runs through it.
 */
export function runReducer(state: RunState, event: RunEvent): RunState {
  if (!canTransition(state, event)) return state;
  const phase = nextRunPhase(state.phase, event.type) as RunPhase;
  switch (event.type) {
    case "search-similar-item":
    case "query-context-items":
    case "generate":
      return { ...state, phase, step: event.type, errorMessage: null, cancelled: false };
    case "success":
      return { ...state, phase };
    case "error":
      return { ...state, phase, errorMessage: event.message, cancelled: false };
    case "cancel":
      return { ...state, phase, errorMessage: null, cancelled: true };
    case "validate": {
      const reopened = new Set(event.blockIds ?? []);
      const blocks = Object.fromEntries(
        Object.entries(state.blocks).map(([id, status]) => [id, reopened.has(id) ? "pending" : status]),
      );
      const blockMessages = Object.fromEntries(
        Object.entries(state.blockMessages).filter(([id]) => !reopened.has(id)),
      );
      return { ...state, phase, step: "validate", blocks, blockMessages };
    }
    case "reset":
      return {
        phase,
        step: null,
        blocks: pendingVerdicts(Object.keys(state.blocks)),
        blockMessages: {},
        errorMessage: null,
        cancelled: false,
      };
    case "block-validated":
      return { ...state, blocks: { ...state.blocks, [event.blockId]: "validated" } };
    case "block-failed":
      return {
        ...state,
        blocks: { ...state.blocks, [event.blockId]: "failed" },
        blockMessages: { ...state.blockMessages, [event.blockId]: event.message },
      };
  }
}

/**
 * spec section 4: a run is resolved only when every block with validation features is
 * validated or failed (unless the run errored), and never while loading. Ours: idle is not
 * resolved either, since nothing has run (or a reset has cleared it).
 */
export function isRunResolved(state: RunState): boolean {
  if (state.phase === "error") return true;
  if (state.phase !== "success") return false;
  return Object.values(state.blocks).every((status) => status !== "pending");
}
