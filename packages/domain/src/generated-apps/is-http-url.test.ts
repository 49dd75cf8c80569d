import { describe, expect, it } from "vitest";
import { isHttpUrl, isImageAddress } from "./is-http-url.ts";

describe("isHttpUrl", () => {
  it.each(["https://example.com", "http://localhost:3000/x?y=1", "https://a.b/c#d"])("accepts %s", (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each([
    "",
    "example.com",
    "javascript:alert(1)",
    "ftp://example.com",
    "https://exa mple.com",
    "mailto:a@b.c",
  ])("refuses %j", (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});

describe("isImageAddress", () => {
  it("accepts http(s) URLs and paths on this site", () => {
    expect(isImageAddress("https://cdn.example.com/logo.png")).toBe(true);
    expect(isImageAddress("/files/abc/logo.png")).toBe(true);
  });

  it("refuses protocol-relative, data and script addresses", () => {
    expect(isImageAddress("//evil.example/x.png")).toBe(false);
    expect(isImageAddress("data:image/png;base64,AAAA")).toBe(false);
    expect(isImageAddress("javascript:alert(1)")).toBe(false);
    expect(isImageAddress("/a\\b")).toBe(false);
  });
});
