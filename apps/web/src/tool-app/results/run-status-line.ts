import type { RunView } from "@liftoff/domain";

/** Ours: what the result area says while a run is under way, by its step. */
export const RUN_STEP_MESSAGES = {
  "search-similar-item": "Finding matching items…",
  "query-context-items": "Reading the app's sources…",
  generate: "Writing the result…",
  validate: "Checking the result…",
  checking: "Checking the result…",
  reconnecting: "Connection lost. Reconnecting…",
  stopped: "Stopped following this run. It keeps going: show its progress any time.",
} as const;

/** The one line that says what the run is doing, or null when there is nothing to say. */
export function runStatusLine(input: {
  view: Pick<RunView, "state">;
  connection: "idle" | "connecting" | "streaming" | "reconnecting" | "finished" | "stopped" | "failed";
}): string | null {
  if (input.connection === "reconnecting") return RUN_STEP_MESSAGES.reconnecting;
  const { state } = input.view;
  if (input.connection === "stopped" && (state.phase === "loading" || state.phase === "idle"))
    return RUN_STEP_MESSAGES.stopped;
  if (state.phase === "loading") return RUN_STEP_MESSAGES[state.step ?? "generate"];
  if (state.phase === "success" && Object.values(state.blocks).some((status) => status === "pending"))
    return RUN_STEP_MESSAGES.checking;
  return null;
}
