import { describe, expect, it } from "vitest";
import { CONTEXT_ITEM_MAX_ATTEMPTS, contextItemRetryNote } from "./context-item.ts";

describe("contextItemRetryNote", () => {
  it("says nothing of a first attempt or of an item that is not waiting", () => {
    expect(contextItemRetryNote({ status: "pending", attempts: 0 })).toBeNull();
    expect(contextItemRetryNote({ status: "running", attempts: 1 })).toBeNull();
    expect(contextItemRetryNote({ status: "error", attempts: 3 })).toBeNull();
    expect(contextItemRetryNote({ status: "synced", attempts: 2 })).toBeNull();
  });

  it("names the coming attempt of a queued retry, never past the last one", () => {
    expect(contextItemRetryNote({ status: "pending", attempts: 1 })).toBe(
      `Trying again shortly (attempt 2 of ${CONTEXT_ITEM_MAX_ATTEMPTS})`,
    );
    expect(contextItemRetryNote({ status: "pending", attempts: 2 })).toBe(
      "Trying again shortly (attempt 3 of 3)",
    );
    expect(contextItemRetryNote({ status: "pending", attempts: 7 })).toBe(
      "Trying again shortly (attempt 3 of 3)",
    );
  });
});
