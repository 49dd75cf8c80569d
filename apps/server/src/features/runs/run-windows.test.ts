import { describe, expect, it } from "vitest";
import { runWindows } from "./run-windows.ts";

describe("runWindows", () => {
  it("counts the UTC day and the week from Monday", () => {
    // Saturday 2026-11-28 23:59 UTC.
    const [day, week] = runWindows(new Date("2026-11-28T23:59:00Z"), { daily: 5, weekly: 20 });
    expect(day).toEqual({
      key: "d:2026-11-28",
      resetsAt: new Date("2026-11-29T00:00:00Z"),
      limit: 5,
      reason: "daily",
    });
    expect(week).toEqual({
      key: "w:2026-11-23",
      resetsAt: new Date("2026-11-30T00:00:00Z"),
      limit: 20,
      reason: "weekly",
    });
  });

  it("starts a new week on Monday and keeps Sunday in the old one", () => {
    expect(runWindows(new Date("2026-11-29T12:00:00Z"), { daily: 1, weekly: 1 })[1]?.key).toBe(
      "w:2026-11-23",
    );
    expect(runWindows(new Date("2026-11-30T00:00:00Z"), { daily: 1, weekly: 1 })[1]?.key).toBe(
      "w:2026-11-30",
    );
  });
});
