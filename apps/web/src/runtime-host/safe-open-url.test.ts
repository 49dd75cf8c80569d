import { describe, expect, it } from "vitest";
import { APP_FRAME_SANDBOX, appFrameSrc } from "./app-frame-src.ts";
import { safeOpenUrl } from "./safe-open-url.ts";

describe("safeOpenUrl", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["http://example.com", "http://example.com/"],
  ])("accepts %s", (url, expected) => {
    expect(safeOpenUrl(url)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,hi",
    "blob:https://x/1",
    "file:///etc/passwd",
    "/api/account/current",
    "//evil.example",
    "",
  ])("refuses %s", (url) => {
    expect(safeOpenUrl(url)).toBeNull();
  });
});

describe("the frame", () => {
  it("is sandboxed without allow-same-origin", () => {
    expect(APP_FRAME_SANDBOX.split(" ")).not.toContain("allow-same-origin");
    expect(APP_FRAME_SANDBOX).toContain("allow-scripts");
  });

  it("is served from /runtime/frame with the app and version", () => {
    expect(appFrameSrc("a 1", "v&2")).toBe("/runtime/frame?appId=a+1&versionId=v%262");
  });
});
