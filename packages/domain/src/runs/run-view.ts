import { z } from "zod";
import { sourceCitationSchema } from "../data-sources/data-source-contract.ts";
import type { PublicBlock } from "./public-tool-app.ts";
import { RUN_ERROR_CODES } from "./run-error-codes.ts";
import {
  BLOCK_VALIDATION_STATUSES,
  RUN_PHASES,
  RUN_START_EVENTS,
  type RunState,
  runReducer,
} from "./run-state.ts";

const runStateSchema = z.object({
  phase: z.enum(RUN_PHASES),
  step: z.enum([...RUN_START_EVENTS, "validate"]).nullable(),
  blocks: z.record(z.string(), z.enum(BLOCK_VALIDATION_STATUSES)),
  blockMessages: z.record(z.string(), z.string()),
  errorMessage: z.string().nullable(),
  cancelled: z.boolean(),
});

const runViewBlockSchema = z.object({
  id: z.string(),
  /** Everything the model wrote for this block so far (of its current attempt). */
  text: z.string(),
  /** The block's closing tag arrived (or the run ended and the block is as final as it gets). */
  complete: z.boolean(),
  /** A failed attempt is being retried: its text starts over with the next delta. */
  retrying: z.boolean(),
});
export type RunViewBlock = z.infer<typeof runViewBlockSchema>;

/**
 * One run as its page shows it, the same on server and browser: the run state of spec
 * section 4 (phase, step, block verdicts) and each block's text so far. The server keeps
 * one per running run and folds every event it streams into it with `applyRunEvent`, so
 * the `snapshot` a re-attached tab gets is exactly what a tab watching from the start has
 * built from the same events.
 */
export const runViewSchema = z.object({
  id: z.string(),
  appId: z.string(),
  toolId: z.string(),
  /** The run this one continues ('Interactive Followups'), and the prompt it continues with. */
  parentRunId: z.string().nullable(),
  followup: z.string().nullable(),
  state: runStateSchema,
  blocks: z.array(runViewBlockSchema),
  errorCode: z.enum(RUN_ERROR_CODES).nullable(),
  suggestions: z.array(z.string()),
  /** The data-source passages the answer was given, numbered as it cites them ([1], [2] …). */
  sources: z.array(sourceCitationSchema).default([]),
  createdAt: z.string(),
});
export type RunView = z.infer<typeof runViewSchema>;

/** The events a view folds (the stream's events less the transport's own: ping and usage). */
export type RunViewEvent =
  | { type: "snapshot"; run: RunView }
  | { type: "phase"; phase: RunState["phase"]; step: RunState["step"] }
  | { type: "block-delta"; blockId: string; text: string }
  | { type: "block-end"; blockId: string }
  | { type: "block-validated"; blockId: string }
  | { type: "block-failed"; blockId: string; message: string; retrying: boolean }
  | { type: "suggestions"; suggestions: string[] }
  | { type: "sources"; sources: RunView["sources"] }
  | { type: "error"; code: RunView["errorCode"]; message: string }
  | { type: "done"; phase: "success" | "error" };

/** A run that has not started yet: idle, every block empty, checked blocks pending. */
export function createRunView(input: {
  id: string;
  appId: string;
  toolId: string;
  blocks: readonly Pick<PublicBlock, "id" | "validated">[];
  parentRunId?: string | null;
  followup?: string | null;
  createdAt: string;
}): RunView {
  return {
    id: input.id,
    appId: input.appId,
    toolId: input.toolId,
    parentRunId: input.parentRunId ?? null,
    followup: input.followup ?? null,
    state: {
      phase: "idle",
      step: null,
      blocks: Object.fromEntries(
        input.blocks.filter((block) => block.validated).map((block) => [block.id, "pending" as const]),
      ),
      blockMessages: {},
      errorMessage: null,
      cancelled: false,
    },
    blocks: input.blocks.map((block) => ({ id: block.id, text: "", complete: false, retrying: false })),
    errorCode: null,
    suggestions: [],
    sources: [],
    createdAt: input.createdAt,
  };
}

function mapBlock(view: RunView, blockId: string, change: (block: RunViewBlock) => RunViewBlock): RunView {
  if (!view.blocks.some((block) => block.id === blockId)) return view;
  return { ...view, blocks: view.blocks.map((block) => (block.id === blockId ? change(block) : block)) };
}

/**
 * Folds one event into a view. Phase changes go through the run state machine
 * (`runReducer`); a step change while already loading (context first, then generating) only
 * renames the step. Events the machine refuses, or naming blocks the run does not have,
 * leave the view as it was (the same object).
 */
export function applyRunEvent(view: RunView, event: RunViewEvent): RunView {
  switch (event.type) {
    case "snapshot":
      return event.run;
    case "phase": {
      const { state } = view;
      if (event.phase === "loading" && event.step !== null) {
        if (state.phase === "loading" && event.step !== "validate")
          return state.step === event.step ? view : { ...view, state: { ...state, step: event.step } };
        const next =
          event.step === "validate"
            ? runReducer(state, { type: "validate" })
            : runReducer(state, { type: event.step });
        return next === state ? view : { ...view, state: next };
      }
      if (event.phase === "success") {
        const next = runReducer(state, { type: "success" });
        return next === state ? view : { ...view, state: next };
      }
      if (event.phase === "idle") {
        const next = runReducer(state, { type: "reset" });
        return next === state ? view : { ...view, state: next };
      }
      return view;
    }
    case "block-delta":
      return mapBlock(view, event.blockId, (block) =>
        block.retrying
          ? { ...block, text: event.text, retrying: false, complete: false }
          : { ...block, text: block.text + event.text },
      );
    case "block-end":
      return mapBlock(view, event.blockId, (block) =>
        block.complete ? block : { ...block, complete: true },
      );
    case "block-validated": {
      const next = runReducer(view.state, { type: "block-validated", blockId: event.blockId });
      return next === view.state ? view : { ...view, state: next };
    }
    case "block-failed": {
      if (event.retrying)
        return mapBlock(view, event.blockId, (block) => ({ ...block, retrying: true, complete: false }));
      const next = runReducer(view.state, {
        type: "block-failed",
        blockId: event.blockId,
        message: event.message,
      });
      return next === view.state ? view : { ...view, state: next };
    }
    case "suggestions":
      return { ...view, suggestions: event.suggestions };
    case "sources":
      return { ...view, sources: event.sources };
    case "error": {
      const next =
        event.code === "cancelled"
          ? runReducer(view.state, { type: "cancel" })
          : runReducer(view.state, { type: "error", message: event.message });
      if (next === view.state) return view;
      return { ...view, state: next, errorCode: event.code };
    }
    case "done": {
      // Whatever the model left unfinished is as complete as it will get.
      const blocks = view.blocks.some((block) => !block.complete)
        ? view.blocks.map((block) => (block.complete ? block : { ...block, complete: true, retrying: false }))
        : view.blocks;
      return blocks === view.blocks ? view : { ...view, blocks };
    }
  }
}
