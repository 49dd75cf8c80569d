import { createRunView, type RunView } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { ctaHref } from "./run-cta.tsx";
import { RUN_STEP_MESSAGES, runStatusLine } from "./run-status-line.ts";

const idle = createRunView({
  id: "r",
  appId: "a",
  toolId: "t",
  blocks: [{ id: "b", validated: true }],
  createdAt: "2026-11-28T10:00:00.000Z",
});
const withState = (state: Partial<RunView["state"]>): RunView => ({
  ...idle,
  state: { ...idle.state, ...state },
});

describe("runStatusLine", () => {
  it("names the step while loading, and the checking still pending after success", () => {
    expect(
      runStatusLine({
        view: withState({ phase: "loading", step: "query-context-items" }),
        connection: "streaming",
      }),
    ).toBe(RUN_STEP_MESSAGES["query-context-items"]);
    expect(
      runStatusLine({ view: withState({ phase: "success", step: "generate" }), connection: "streaming" }),
    ).toBe(RUN_STEP_MESSAGES.checking);
    expect(
      runStatusLine({
        view: withState({ phase: "success", step: "generate", blocks: { b: "validated" } }),
        connection: "finished",
      }),
    ).toBeNull();
  });

  it("says when the connection is being won back or was let go", () => {
    expect(
      runStatusLine({ view: withState({ phase: "loading", step: "generate" }), connection: "reconnecting" }),
    ).toBe(RUN_STEP_MESSAGES.reconnecting);
    expect(
      runStatusLine({ view: withState({ phase: "loading", step: "generate" }), connection: "stopped" }),
    ).toBe(RUN_STEP_MESSAGES.stopped);
    expect(
      runStatusLine({ view: withState({ phase: "error", errorMessage: "x" }), connection: "finished" }),
    ).toBeNull();
  });
});

describe("ctaHref", () => {
  it("accepts web addresses only", () => {
    expect(ctaHref(" https://example.com/offer ")).toBe("https://example.com/offer");
    expect(ctaHref("javascript:alert(1)")).toBeNull();
    expect(ctaHref("example.com")).toBeNull();
  });
});
