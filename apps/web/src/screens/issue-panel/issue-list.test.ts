import type { AppRuntimeError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { EMPTY_ISSUES, type IssueState, issueReducer } from "./issue-list.ts";

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
