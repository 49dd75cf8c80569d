import { describe, expect, it } from "vitest";
import { APP_FRAME_SANDBOX, appFrameSrc } from "./app-frame-src.ts";
import { hostOwnOrigins, safeOpenUrl } from "./safe-open-url.ts";

const OWN = ["https://liftoff.example", "http://shop.example:8080"];

describe("safeOpenUrl", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["http://example.com", "http://example.com/"],
    // Same host, another origin (scheme or port): not the platform's.
    ["http://liftoff.example/x", "http://liftoff.example/x"],
    ["http://shop.example/", "http://shop.example/"],
  ])("accepts %s", (url, expected) => {
    expect(safeOpenUrl(url, OWN)).toBe(expected);
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
    "https://liftoff.example/runtime/frame?appId=a&versionId=v",
    "https://LIFTOFF.EXAMPLE:443/api/account/current",
    "https://user:pass@liftoff.example/",
    "http://shop.example:8080/",
  ])("refuses %s", (url) => {
    expect(safeOpenUrl(url, OWN)).toBeNull();
  });
});

describe("hostOwnOrigins", () => {
  const doc = (content: string | null) => ({
    querySelector: () => (content === null ? null : { getAttribute: () => content }),
  });
  it("is the page's origin, plus the platform's on a custom host", () => {
    expect(hostOwnOrigins({ origin: "https://liftoff.example" }, doc(null))).toEqual([
      "https://liftoff.example",
    ]);
    expect(hostOwnOrigins({ origin: "https://shop.example" }, doc("https://Liftoff.example:443/"))).toEqual([
      "https://shop.example",
      "https://liftoff.example",
    ]);
    expect(hostOwnOrigins({ origin: "https://shop.example" }, doc("not a url"))).toEqual([
      "https://shop.example",
    ]);
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
