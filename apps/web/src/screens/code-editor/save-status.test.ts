import { describe, expect, it } from "vitest";
import { nextSaveStatus, type SaveEvent, type SaveStatus } from "./save-status.ts";

const run = (events: SaveEvent[], from: SaveStatus = "idle") => events.reduce(nextSaveStatus, from);

describe("nextSaveStatus", () => {
  it("goes idle → saving → saved → idle", () => {
    expect(run(["start"])).toBe("saving");
    expect(run(["start", "success"])).toBe("saved");
    expect(run(["start", "success", "settle"])).toBe("idle");
  });

  it("shows an error after a failure and retries from it", () => {
    expect(run(["start", "failure"])).toBe("error");
    expect(run(["start", "failure", "settle"])).toBe("error");
    expect(run(["start", "failure", "start", "success"])).toBe("saved");
  });

  it("stays in conflict until reloaded: no save starts from a stale draft", () => {
    expect(run(["start", "conflict", "start"])).toBe("conflict");
    expect(run(["start", "conflict", "settle"])).toBe("conflict");
  });

  it("does not drop back to idle while a newer save is running", () => {
    expect(run(["start", "success", "start", "settle"])).toBe("saving");
  });
});
