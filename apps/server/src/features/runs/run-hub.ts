import type { RunStreamEvent, RunView } from "@liftoff/domain";
import { createLiveHub, type LiveHub } from "../../background/live-hub.ts";

/**
 * The live hub of tool runs plus each running run's current view. The generation folds
 * every event into its view before publishing it, so a watcher that takes the view and
 * subscribes in the same tick (nothing can run in between) gets a snapshot and then
 * exactly the events after it: no gap, no repeat.
 */
export type RunHub = LiveHub<RunStreamEvent> & { views: Map<string, RunView> };

export function createRunHub(): RunHub {
  return Object.assign(createLiveHub<RunStreamEvent>("run"), { views: new Map<string, RunView>() });
}
