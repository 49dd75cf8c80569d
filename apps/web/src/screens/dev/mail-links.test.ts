import { describe, expect, it } from "vitest";
import { extractMailLinks } from "./mail-links.ts";

describe("extractMailLinks", () => {
  it("collects href links in order and decodes entities", () => {
    const html =
      '<p><a href="http://localhost:3001/auth/handler?mode=verifyEmail&amp;oobCode=abc">Verify</a></p>' +
      "<a href='https://example.com/b'>b</a>";
    expect(extractMailLinks(html)).toEqual([
      "http://localhost:3001/auth/handler?mode=verifyEmail&oobCode=abc",
      "https://example.com/b",
    ]);
  });

  it("drops duplicates and non-http links", () => {
    const html =
      '<a href="mailto:x@y.z">m</a><a href="https://a.test/x">1</a><a href="https://a.test/x">2</a>';
    expect(extractMailLinks(html)).toEqual(["https://a.test/x"]);
  });

  it("falls back to URLs in the text body", () => {
    expect(extractMailLinks("<p>no links</p>", "Open https://a.test/reset?x=1 now")).toEqual([
      "https://a.test/reset?x=1",
    ]);
  });
});
