import { applyRunEvent, type RunStreamEvent, type RunView } from "@liftoff/domain";

/**
 * Folds one streamed event into the page's view of the run, with the same `applyRunEvent`
 * the server uses. The transport's own events (ping, usage) change nothing. Before the
 * first snapshot the page may hold a placeholder view (the tool's empty blocks, loading):
 * the snapshot replaces it, and anything else that comes before a snapshot folds into it.
 */
export function foldRunStreamEvent(view: RunView, event: RunStreamEvent): RunView {
  switch (event.type) {
    case "ping":
    case "usage":
      return view;
    case "phase":
      return applyRunEvent(view, { type: "phase", phase: event.phase, step: event.step });
    case "done":
      return applyRunEvent(view, { type: "done", phase: event.phase });
    default:
      return applyRunEvent(view, event);
  }
}
