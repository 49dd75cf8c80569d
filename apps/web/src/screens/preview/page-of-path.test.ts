import { describe, expect, it } from "vitest";
import { pageOfPath } from "./page-of-path.ts";

describe("pageOfPath", () => {
  const pages = ["Tasks", "About"];
  it("matches the first segment case-insensitively", () => {
    expect(pageOfPath("/tasks?id=3", pages, "About")).toBe("Tasks");
    expect(pageOfPath("/About/team", pages, "Tasks")).toBe("About");
  });
  it("falls back to the main page, then the first page", () => {
    expect(pageOfPath("/", pages, "About")).toBe("About");
    expect(pageOfPath("/Missing", pages, null)).toBe("Tasks");
    expect(pageOfPath("/", [], null)).toBeNull();
  });
});
