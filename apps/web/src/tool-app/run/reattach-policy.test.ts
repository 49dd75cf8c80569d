import { describe, expect, it } from "vitest";
import { decideReattach, REATTACH_POLICY } from "./reattach-policy.ts";

const dropped = { finished: false, runId: "run-1", aborted: false, attempt: 0 };

describe("decideReattach", () => {
  it("re-attaches a dropped run with growing, capped waits", () => {
    const delays = [0, 1, 2, 3, 4].map((attempt) => decideReattach({ ...dropped, attempt }));
    expect(delays).toEqual([
      { reattach: true, delayMs: 500 },
      { reattach: true, delayMs: 1000 },
      { reattach: true, delayMs: 2000 },
      { reattach: true, delayMs: 4000 },
      { reattach: true, delayMs: 8000 },
    ]);
    expect(
      decideReattach({ ...dropped, attempt: 3, policy: { ...REATTACH_POLICY, maxDelayMs: 3000 } }),
    ).toEqual({
      reattach: true,
      delayMs: 3000,
    });
  });

  it("gives up after the last attempt", () => {
    expect(decideReattach({ ...dropped, attempt: REATTACH_POLICY.maxAttempts })).toEqual({ reattach: false });
  });

  it("never re-attaches a finished, resolved, unknown or abandoned run", () => {
    expect(decideReattach({ ...dropped, finished: true })).toEqual({ reattach: false });
    expect(decideReattach({ ...dropped, resolved: true })).toEqual({ reattach: false });
    expect(decideReattach({ ...dropped, runId: null })).toEqual({ reattach: false });
    expect(decideReattach({ ...dropped, aborted: true })).toEqual({ reattach: false });
  });
});
