import type { AppRuntimeError, Diagnostic } from "@liftoff/domain";
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
  /** Errors sent to the chat whose turn finished: gone (not suppressed: they may come back). */
  | { type: "resolve"; keys: readonly string[] }
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
    case "resolve": {
      const errors = state.errors.filter((error) => !action.keys.includes(error.key));
      if (errors.length === state.errors.length) return state;
      return { ...state, errors, expanded: errors.length > 0 ? state.expanded : false };
    }
    case "toggle":
      return { ...state, expanded: !state.expanded };
    case "expand":
      return state.expanded ? state : { ...state, expanded: true };
    case "clear":
      return EMPTY_ISSUES;
  }
}

/** The App error a chat request carries for one issue (the runtime's errors as they came). */
export function issueAsAppError(issue: Issue): AppRuntimeError {
  return {
    title: issue.title,
    details: issue.details,
    componentName: issue.componentName,
    scope: issue.scope,
  };
}

/** A compile problem sent to the chat as an App error ('module' scope: the bundle did not build). */
export function diagnosticAsAppError(diagnostic: Diagnostic): AppRuntimeError {
  return {
    title: diagnostic.message.slice(0, 500),
    details: `${diagnostic.severity === "error" ? "Compile error" : "Warning"} in ${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`,
    componentName: diagnostic.file.slice(0, 200),
    scope: "module",
  };
}
