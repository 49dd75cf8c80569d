import type { AppRuntimeError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  diagnosticAsAppError,
  EMPTY_ISSUES,
  type Issue,
  type IssueState,
  issueAsAppError,
  issueReducer,
} from "./issue-list.ts";

const boom: AppRuntimeError = {
  title: "x is undefined",
  details: "at Tasks",
  componentName: "Tasks",
  scope: "render",
};
const other: AppRuntimeError = { ...boom, componentName: "Layout" };

const report = (state: IssueState, error: AppRuntimeError) => issueReducer(state, { type: "report", error });

describe("issueReducer", () => {
  it("expands when a new error arrives and deduplicates by title and component", () => {
    let state = report(EMPTY_ISSUES, boom);
    expect(state.expanded).toBe(true);
    state = issueReducer(state, { type: "toggle" });
    state = report(state, { ...boom, details: "again" });
    expect(state.errors).toHaveLength(1);
    expect(state.errors[0]?.count).toBe(2);
    // A repeat does not force the panel open again.
    expect(state.expanded).toBe(false);
    state = report(state, other);
    expect(state.errors).toHaveLength(2);
    expect(state.expanded).toBe(true);
  });

  it("collapses when the last error is suppressed and keeps suppressed ones hidden", () => {
    let state = report(report(EMPTY_ISSUES, boom), other);
    const [first, second] = state.errors;
    state = issueReducer(state, { type: "suppress", key: first?.key ?? "" });
    expect(state.expanded).toBe(true);
    state = issueReducer(state, { type: "suppress", key: second?.key ?? "" });
    expect(state.errors).toEqual([]);
    expect(state.expanded).toBe(false);
    expect(report(state, boom).errors).toEqual([]);
  });

  it("starts over on clear", () => {
    const state = issueReducer(report(EMPTY_ISSUES, boom), { type: "clear" });
    expect(state).toEqual(EMPTY_ISSUES);
  });
});

describe("resolving errors sent to the chat", () => {
  it("removes them without suppressing, and collapses when none are left", () => {
    let state = report(report(EMPTY_ISSUES, boom), other);
    const [first, second] = state.errors;
    state = issueReducer(state, { type: "resolve", keys: [first?.key ?? ""] });
    expect(state.errors.map((e) => e.key)).toEqual([second?.key]);
    expect(state.expanded).toBe(true);
    state = issueReducer(state, { type: "resolve", keys: [second?.key ?? ""] });
    expect(state.errors).toEqual([]);
    expect(state.expanded).toBe(false);
    // Not suppressed: the same error reported again shows again.
    expect(report(state, boom).errors).toHaveLength(1);
  });

  it("turns issues and compile diagnostics into the App errors the chat sends", () => {
    const state = report(EMPTY_ISSUES, boom);
    expect(issueAsAppError(state.errors[0] as Issue)).toEqual(boom);
    expect(
      diagnosticAsAppError({
        file: "pages/Tasks.jsx",
        line: 4,
        column: 2,
        message: "Unexpected token",
        severity: "error",
      }),
    ).toEqual({
      title: "Unexpected token",
      details: "Compile error in pages/Tasks.jsx:4:2",
      componentName: "pages/Tasks.jsx",
      scope: "module",
    });
  });
});
