import type { AppRuntimeError } from "@liftoff/domain";
import {
  type AppErrorCollection,
  type CollectedAppError,
  collectAppError,
  EMPTY_APP_ERRORS,
  suppressAppError,
} from "../../runtime-host/index.ts";

/** One deduplicated App error in the issue panel, with how often it happened. */
export type Issue = CollectedAppError;

export type IssueState = AppErrorCollection & { expanded: boolean };

export const EMPTY_ISSUES: IssueState = { ...EMPTY_APP_ERRORS, expanded: false };

export type IssueAction =
  | { type: "report"; error: AppRuntimeError }
  | { type: "suppress"; key: string }
  | { type: "toggle" }
  | { type: "expand" }
  | { type: "clear" };

/**
 * The issue panel's state machine (spec section 4) over the runtime host's error
 * collection (deduplicated by title and component): a new error expands the panel;
 * suppressing the last one collapses it. `clear` starts over for a new draft version; the
 * suppressions go with it, since the code that raised them has changed.
 */
export function issueReducer(state: IssueState, action: IssueAction): IssueState {
  switch (action.type) {
    case "report": {
      const { collection, isNew } = collectAppError(state, action.error);
      if (collection === state) return state;
      return { ...collection, expanded: isNew ? true : state.expanded };
    }
    case "suppress": {
      const collection = suppressAppError(state, action.key);
      return { ...collection, expanded: collection.errors.length > 0 ? state.expanded : false };
    }
    case "toggle":
      return { ...state, expanded: !state.expanded };
    case "expand":
      return state.expanded ? state : { ...state, expanded: true };
    case "clear":
      return EMPTY_ISSUES;
  }
}
